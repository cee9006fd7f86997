import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setWeekStart } from '../lib/preferences';
import { renderInApp } from '../test/render';
import DatePicker from './DatePicker';

/** The weekday names heading the open month, in their order. */
async function weekdays(user: Awaited<ReturnType<typeof renderInApp>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Due date' }));
  const month = await screen.findByRole('table');
  return [...month.querySelectorAll('thead th')].map((cell) => cell.textContent);
}

describe('DatePicker', () => {
  afterEach(() => setWeekStart('auto'));

  it('starts the week on the day the user chose, as the calendar page does', async () => {
    setWeekStart('monday');
    const { user } = await renderInApp(
      <DatePicker label="Due date" value="2026-11-24" onChange={() => {}} />,
    );
    expect((await weekdays(user))[0]).toBe('Mo');
  });

  it('starts it on Saturday when chosen, whatever the language', async () => {
    setWeekStart('saturday');
    const { user } = await renderInApp(
      <DatePicker label="Due date" value="2026-11-24" onChange={() => {}} />,
    );
    expect((await weekdays(user))[0]).toBe('Sa');
  });
});
