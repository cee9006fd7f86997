import { type TaskInput, type TaskRecord, taskInput, taskStatuses } from '@ledgerdesk/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { ApiError } from '../lib/api';
import { renderInApp } from '../test/render';
import { ResourceForm } from './ResourceForm';
import type { ResourceDefinition } from './types';

/** The engine's form on a definition like the tasks area's: the contract's schema checks it. */
const tasks: ResourceDefinition<TaskRecord, TaskInput> = {
  ns: 'tasks',
  api: '/tasks',
  route: '/apps/tasks',
  area: 'tasks',
  keyOf: (task) => task._id,
  titleOf: (task) => task.task,
  columns: [],
  input: taskInput,
  fields: [
    { name: 'task', kind: 'text', required: true },
    { name: 'dueDate', kind: 'date' },
    { name: 'status', kind: 'select', options: taskStatuses },
    { name: 'description', kind: 'textarea' },
    { name: 'subtasks', kind: 'checklist' },
  ],
  emptyValues: {
    task: '',
    description: '',
    status: 'New',
    priority: 'Medium',
    dueDate: null,
    assigneeIds: [],
    subtasks: [],
  },
  toInput: (task) => ({ ...task, assigneeIds: [] }),
};

async function renderForm(
  onSubmit: (values: TaskInput) => Promise<unknown>,
  initial: Partial<TaskInput> = {},
) {
  return renderInApp(
    <ResourceForm
      def={tasks}
      initialValues={{ ...tasks.emptyValues, ...initial }}
      submitLabel="Add Task"
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
    { namespaces: ['tasks'] },
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// jsdom on a shared machine: a form with a calendar takes seconds to render and fill.
describe('ResourceForm', { timeout: 30_000 }, () => {
  it('a missing required field says so, and focus goes to it', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = await renderForm(onSubmit);
    // Focus elsewhere first: the submit button.
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    const task = screen.getByRole('textbox', { name: /Task/ });
    expect(await screen.findByText('Required')).toBeDefined();
    expect(task.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(task);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("the server's field errors land on their fields, in the user's language, focus on the first", async () => {
    await i18n.loadNamespaces('tasks');
    const rejection = new ApiError(
      400,
      'VALIDATION_FAILED',
      'Some fields are not valid.',
      {
        description: 'The description must be at most 5000 characters.',
        task: 'Another task has this name.',
      },
      undefined,
      { description: { code: 'tooLong', params: { max: 5000 } } },
    );
    const onSubmit = vi.fn(async () => Promise.reject(rejection));
    const { user } = await renderForm(onSubmit, { task: 'Write the report' });
    await i18n.changeLanguage('fr');
    await user.click(screen.getByRole('button', { name: 'Add Task' }));

    const description = screen.getByRole('textbox', { name: /Description/ });
    // By its code, in French; an error without a code keeps the server's text.
    expect(await screen.findByText(/^Trop long \(5\s000 caractères au plus\)$/)).toBeDefined();
    expect(screen.getByText('Another task has this name.')).toBeDefined();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    // The first of them in the form's order has the focus (the server named the description first).
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Tâche/ }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an error on a field the form does not show goes to the alert', async () => {
    const rejection = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
      assigneeIds: 'Unknown user.',
    });
    const { user } = await renderForm(async () => Promise.reject(rejection), { task: 'Plan' });
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Some fields are not valid.');
  });

  it('the date picker shows the day in the language and sends it back as YYYY-MM-DD', async () => {
    const onSubmit = vi.fn(async (_values: TaskInput) => undefined);
    const { user } = await renderForm(onSubmit, { task: 'Plan', dueDate: '2026-03-12' });
    const picker = await screen.findByRole('button', { name: /^Due date/ }, { timeout: 10_000 });
    expect(picker.textContent).toContain('12 Mar 2026');

    await user.click(picker);
    // jsdom has no layout: the calendar's popover counts as hidden to queries.
    const calendar = await screen.findByRole('dialog', { hidden: true });
    await user.click(within(calendar).getByRole('button', { name: '20 March 2026', hidden: true }));
    expect(picker.textContent).toContain('20 Mar 2026');

    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ task: 'Plan', dueDate: '2026-03-20' });
  });

  it('the date picker writes French days in French, weeks from Monday', async () => {
    await i18n.loadNamespaces('tasks');
    await i18n.changeLanguage('fr');
    const { user } = await renderInApp(
      <ResourceForm
        def={tasks}
        initialValues={{ ...tasks.emptyValues, task: 'Plan', dueDate: '2026-03-12' }}
        submitLabel="Ajouter"
        onSubmit={async () => undefined}
        onCancel={() => undefined}
      />,
      { namespaces: ['tasks'] },
    );
    await i18n.changeLanguage('fr');
    const picker = await screen.findByRole('button', { name: /^Échéance/ }, { timeout: 10_000 });
    expect(picker.textContent).toContain('12 mars 2026');
    await user.click(picker);
    const calendar = await screen.findByRole('dialog', { hidden: true });
    const weekdays = within(calendar)
      .getAllByRole('columnheader', { hidden: true })
      .map((cell) => cell.textContent);
    expect(weekdays[0]?.toLowerCase()).toMatch(/^lu/);
  });

  it("a checklist item's error (a subtask left without a title) shows on the checklist, nothing is sent", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = await renderForm(onSubmit, {
      task: 'Pour slab A',
      subtasks: [{ title: 'Book the pump', done: false }],
    });
    await user.clear(screen.getByRole('textbox', { name: 'Item 1' }));
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText('Required')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
