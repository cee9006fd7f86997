import type { InvoiceRecord } from '@ledgerdesk/contracts';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AttachmentsPanel } from '../../components/attachments/AttachmentsPanel';
import { useCan } from '../../lib/permissions';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceFormPage } from '../../resources/ResourceFormPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceModule } from '../../resources/types';
import { DownloadPdfButton } from './DownloadPdfButton';
import { invoices } from './definition';
import { InvoiceDocument } from './InvoiceDocument';
import { InvoiceLines } from './InvoiceLines';
import { InvoiceSummary } from './InvoiceSummary';

export const resource: ResourceModule['resource'] = invoices;

/** The engine's list, with the counts and totals per status above it. */
export function ListPage() {
  return (
    <ResourceListPage def={invoices}>
      <InvoiceSummary />
    </ResourceListPage>
  );
}

/** The engine's form with the line items, tax, discount and shipping, and the live totals. */
export function FormPage() {
  return (
    <ResourceFormPage def={invoices} childFields={['lines', 'taxRate', 'discount', 'shipping']}>
      <InvoiceLines />
    </ResourceFormPage>
  );
}

/** The invoice's fields, then the invoice itself as it prints, then its files (not printed). */
export function DetailPage() {
  const { t } = useTranslation('invoices');
  const can = useCan();
  return (
    <ResourceDetailPage
      def={invoices}
      actions={(invoice: InvoiceRecord) => (
        <>
          <DownloadPdfButton invoice={invoice} />
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden="true" />}
            onClick={() => window.print()}
          >
            {t('document.print')}
          </Button>
        </>
      )}
    >
      {(invoice: InvoiceRecord) => (
        <>
          <InvoiceDocument invoice={invoice} />
          <AttachmentsPanel
            recordsApi={invoices.api}
            recordId={invoice._id}
            canEdit={can('invoices.manage')}
          />
        </>
      )}
    </ResourceDetailPage>
  );
}
