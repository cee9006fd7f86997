import {
  type TicketInput,
  type TicketRecord,
  ticketInput,
  ticketInputOf,
  ticketPriorities,
  ticketStatuses,
} from '@ledgerdesk/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/permissions';
import { useResourceMutations } from '../../resources/api';
import { dateCell, NameAndEmail, peopleCell, statusBadge } from '../../resources/cells';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { valueLabel } from '../../resources/ResourceForm';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { ticketsPage } from './area';
import { ReplyThread } from './ReplyThread';
import { TicketCounters } from './TicketCounters';

const statusColors = { New: 'blue', Open: 'cyan', Inprogress: 'indigo', Closed: 'gray' };
const priorityColors = { High: 'red', Medium: 'orange', Low: 'gray' };

const numberCell = (ticket: TicketRecord) => `#${ticket.number}`;
const clientCell = (ticket: TicketRecord) => (
  <NameAndEmail name={ticket.client.name} email={ticket.client.email} />
);

/** Support tickets: the engine's list with the counters above it, and a detail page whose activity is the thread. */
export const tickets: ResourceDefinition<TicketRecord, TicketInput> = {
  ns: 'tickets',
  api: '/apps/ticket',
  route: ticketsPage.path,
  area: 'tickets',
  keyOf: (ticket) => ticket._id,
  titleOf: (ticket) => ticket.title,
  columns: [
    { id: 'number', sortable: true, cell: numberCell, width: 90 },
    { id: 'title', sortable: true },
    { id: 'client', sortable: true, cell: clientCell, truncate: 220, priority: 2 },
    { id: 'assignedTo', sortable: true, cell: peopleCell('assignedTo'), priority: 2 },
    { id: 'createdAt', sortable: true, cell: dateCell('createdAt'), priority: 3 },
    { id: 'dueDate', sortable: true, cell: dateCell('dueDate') },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'priority', sortable: true, cell: statusBadge('priority', priorityColors) },
    { id: 'replyCount', align: 'right', hidden: true },
  ],
  filters: [
    { name: 'status', options: ticketStatuses },
    { name: 'priority', options: ticketPriorities },
  ],
  input: ticketInput,
  fields: [
    { name: 'title', kind: 'text', required: true, wide: true },
    { name: 'clientName', kind: 'text', required: true },
    { name: 'clientEmail', kind: 'text', type: 'email', required: true },
    { name: 'assignedToId', kind: 'user' },
    { name: 'dueDate', kind: 'date' },
    { name: 'status', kind: 'select', options: ticketStatuses },
    { name: 'priority', kind: 'select', options: ticketPriorities },
    { name: 'description', kind: 'textarea', rows: 5 },
  ],
  emptyValues: {
    title: '',
    description: '',
    clientName: '',
    clientEmail: '',
    assignedToId: null,
    dueDate: null,
    status: 'New',
    priority: 'Medium',
  },
  toInput: ticketInputOf,
  detail: [
    { id: 'number', value: numberCell },
    { id: 'client', value: clientCell },
    { id: 'assignedTo', value: peopleCell('assignedTo') },
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'closedAt', value: dateCell('closedAt') },
    { id: 'description', wide: true },
  ],
  status: { id: 'status', value: statusBadge('status', statusColors) },
  figures: [
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'assignedTo', value: peopleCell('assignedTo') },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'number', value: numberCell },
  ],
};

export const resource: ResourceModule['resource'] = tickets;

export function ListPage() {
  return (
    <ResourceListPage def={tickets}>
      <TicketCounters />
    </ResourceListPage>
  );
}

/** Status and priority changed in place, beside Edit and Delete. */
function QuickChange({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation('tickets');
  const { update } = useResourceMutations(tickets);
  const select = (field: 'status' | 'priority', options: readonly string[]) => (
    <Select
      aria-label={t(`fields.${field}`)}
      w={150}
      data={options.map((value) => ({ value, label: valueLabel(t, field, value) }))}
      value={ticket[field]}
      allowDeselect={false}
      disabled={update.isPending}
      onChange={(value) =>
        value &&
        value !== ticket[field] &&
        update.mutate({ key: ticket._id, values: { [field]: value, version: ticket.version } })
      }
    />
  );
  return (
    <>
      {select('status', ticketStatuses)}
      {select('priority', ticketPriorities)}
    </>
  );
}

export function DetailPage() {
  const can = useCan();
  return (
    <ResourceDetailPage
      def={tickets}
      actions={(ticket) => (can('tickets.manage') ? <QuickChange ticket={ticket} /> : null)}
      activity={(ticket) => <ReplyThread ticket={ticket} />}
    />
  );
}
