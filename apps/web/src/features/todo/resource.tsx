import type { TodoProjectRecord, TodoRecord } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDelete, ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { RemoveButton } from '../../components/RemoveButton';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { type ListParams, type TableUrlState, useTableUrlState } from '../../lib/table-url-state';
import { useResourceList, useResourceMutations } from '../../resources/api';
import { statusBadge } from '../../resources/cells';
import { ResourceFilters } from '../../resources/ResourceFilters';
import { ResourceForm } from '../../resources/ResourceForm';
import type { ResourceModule } from '../../resources/types';
import { priorityColors, statusColors, todoProjects, todos } from './definition';

export const resource: ResourceModule['resource'] = todos;

const PROJECT_PAGE = 10;
const filterNames = (todos.filters ?? []).map((filter) => filter.name);
/** A list call's query built here rather than read from the URL. */
const listQuery = (query: { page: number; pageSize: number } & Record<string, string | number | undefined>) =>
  query as ListParams<string>;

function TodoItem({
  todo,
  mayManage,
  onDelete,
}: {
  todo: TodoRecord;
  mayManage: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation('todo');
  const { update } = useResourceMutations(todos);
  return (
    <Group justify="space-between" wrap="nowrap" py={6} component="li">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Checkbox
          checked={todo.done}
          disabled={!mayManage || update.isPending}
          onChange={(event) =>
            update.mutate({
              key: todo.id,
              values: { done: event.currentTarget.checked, version: todo.version },
            })
          }
          aria-label={t('board.markDone', { task: todo.task })}
        />
        <Box style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`${todos.route}/${todo.id}`}
            size="sm"
            td={todo.done ? 'line-through' : undefined}
            c={todo.done ? 'dimmed' : undefined}
          >
            {todo.task}
          </Anchor>
          {todo.dueDate ? (
            <Text size="xs" c="dimmed">
              {t('board.due', { date: formatDate(todo.dueDate) })}
            </Text>
          ) : null}
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {statusBadge('status', statusColors)(todo, t)}
        {statusBadge('priority', priorityColors)(todo, t)}
        {mayManage ? (
          <>
            <ActionIcon
              component={Link}
              to={`${todos.route}/${todo.id}/edit`}
              variant="subtle"
              color="gray"
              aria-label={t('board.edit', { task: todo.task })}
            >
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
            <RemoveButton label={t('board.delete', { task: todo.task })} onClick={onDelete} />
          </>
        ) : null}
      </Group>
    </Group>
  );
}

/** One project's todos, with the page's search and filters: a list call of its own, paged. */
function ProjectSection({
  project,
  table,
  mayManage,
  onDeleteProject,
  onDeleteTodo,
}: {
  project: TodoProjectRecord;
  table: TableUrlState;
  mayManage: boolean;
  onDeleteProject: () => void;
  onDeleteTodo: (todo: TodoRecord) => void;
}) {
  const { t } = useTranslation('todo');
  const [page, setPage] = useState(1);
  const { page: _page, pageSize: _size, ...filters } = table.query;
  const list = useResourceList(
    todos,
    listQuery({
      ...filters,
      project: project.id,
      page,
      pageSize: PROJECT_PAGE,
      ordering: filters.ordering ?? 'dueDate',
    }),
  );
  const count = list.data?.count ?? 0;
  const headingId = `todo-project-${project.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Group gap="sm">
          <ColorSwatch color={`var(--mantine-color-${project.colour}-6)`} size={14} aria-hidden="true" />
          <Title order={2} size="h5" id={headingId}>
            {project.name}
          </Title>
          <Badge variant="light" color="gray" tt="none">
            {t('board.count', { count })}
          </Badge>
        </Group>
        {mayManage ? (
          <RemoveButton label={t('board.deleteProject', { name: project.name })} onClick={onDeleteProject} />
        ) : null}
      </Group>
      {!list.data ? (
        <Skeleton h={60} />
      ) : count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('board.empty')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.results.map((todo) => (
            <TodoItem key={todo.id} todo={todo} mayManage={mayManage} onDelete={() => onDeleteTodo(todo)} />
          ))}
        </Stack>
      )}
      {count > PROJECT_PAGE ? (
        <Box component="nav" aria-label={t('board.more', { name: project.name })} mt="xs">
          <Pagination size="xs" total={Math.ceil(count / PROJECT_PAGE)} value={page} onChange={setPage} />
        </Box>
      ) : null}
    </Paper>
  );
}

/** To-do: the todos grouped by their project, with the page's search and filters applied to each group. */
export function ListPage() {
  const { t } = useTranslation(['todo', 'common']);
  const title = t('title');
  usePageTitle(title);
  const mayManage = useCan()('todos.manage');
  const table = useTableUrlState({ filters: filterNames });
  const projectList = useResourceList(todoProjects, listQuery({ page: 1, pageSize: 100, ordering: 'name' }));
  const projectMutations = useResourceMutations(todoProjects);
  const todoMutations = useResourceMutations(todos);
  const [adding, setAdding] = useState(false);
  const [projectToDelete, setProjectToDelete] = useState<TodoProjectRecord | null>(null);
  const [todoToDelete, setTodoToDelete] = useState<TodoRecord | null>(null);

  return (
    <>
      <PageHeader
        title={title}
        actions={
          mayManage ? (
            <>
              <Button
                variant="default"
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                onClick={() => setAdding(true)}
              >
                {t('board.addProject')}
              </Button>
              <Button
                component={Link}
                to={`${todos.route}/new`}
                leftSection={<IconPlus size={18} aria-hidden="true" />}
              >
                {t('add')}
              </Button>
            </>
          ) : null
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        <ResourceFilters def={todos} table={table} />
      </Group>
      {!projectList.data ? (
        <Skeleton h={200} radius="md" />
      ) : projectList.data.results.length === 0 ? (
        <Text c="dimmed">{t('board.noProjects')}</Text>
      ) : (
        <Stack gap="md">
          {projectList.data.results.map((project) => (
            <ProjectSection
              key={project.id}
              project={project}
              table={table}
              mayManage={mayManage}
              onDeleteProject={() => setProjectToDelete(project)}
              onDeleteTodo={setTodoToDelete}
            />
          ))}
        </Stack>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('board.newProject')} centered>
        <ResourceForm
          def={todoProjects}
          initialValues={todoProjects.emptyValues}
          submitLabel={t('board.addProject')}
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            await projectMutations.create.mutateAsync(values);
            setAdding(false);
          }}
        />
      </Modal>
      <ConfirmDialog
        opened={projectToDelete !== null}
        title={t('board.deleteProjectTitle')}
        confirmLabel={t('common:resource.delete')}
        pending={projectMutations.remove.isPending}
        onClose={() => setProjectToDelete(null)}
        onConfirm={() =>
          projectMutations.remove.mutate(projectToDelete?.id ?? '', {
            onSettled: () => setProjectToDelete(null),
          })
        }
      >
        {t('board.deleteProjectQuestion', { name: projectToDelete?.name ?? '' })}
      </ConfirmDialog>
      <ConfirmDelete
        record={todoToDelete}
        entity={t('one')}
        nameOf={(todo) => todo.task}
        pending={todoMutations.remove.isPending}
        onClose={() => setTodoToDelete(null)}
        onConfirm={(todo) => todoMutations.remove.mutate(todo.id, { onSettled: () => setTodoToDelete(null) })}
      />
    </>
  );
}
