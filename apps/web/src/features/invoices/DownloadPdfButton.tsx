import type { InvoiceRecord } from '@ledgerdesk/contracts';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { errorMessageOf } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { downloadFile } from '../../lib/transfer';
import { invoices } from './definition';

/**
 * The invoice as a PDF, made by the server in the language the app is shown in. Fetched with the
 * session's bearer header (a plain link could not send it), then saved as INV-….pdf.
 */
export function DownloadPdfButton({ invoice }: { invoice: InvoiceRecord }) {
  const { t } = useTranslation('invoices');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`${invoices.api}/${invoice._id}/pdf`, { query: { lang: currentLanguage() } });
    } catch (error) {
      notifyError(errorMessageOf(error), { title: t('document.pdfFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
      loading={busy}
      onClick={download}
    >
      {t('document.downloadPdf')}
    </Button>
  );
}
