import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candidates,
  crmCompanies,
  crmContacts,
  crmDeals,
  crmLeads,
  jobApplications,
  jobCompanies,
  jobs,
  projects,
  taskBoardColumns,
  tasks,
  teamMembers,
  tickets,
  users,
} from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';

/*
 * The work, CRM, projects and jobs widgets against a small data set whose figures are worked out
 * by hand below. "Now" is Sunday 22 November 2026, 20:00 UTC — already Monday 23 November, 05:00,
 * in Tokyo: "today" and "this week" differ between the two zones.
 */
const NOW = new Date('2026-11-22T20:00:00Z');
const UTC = 'tz=UTC';
const TOKYO = 'tz=Asia/Tokyo';
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

type Widgets = Record<string, Record<string, unknown> & { items?: Item[]; rows?: Row[]; series?: Series[] }>;
type Item = { key: string; value: number; count?: number; href?: string };
type Row = { key: string; cells: Record<string, string | number | null>; href?: string };
type Series = { key: string; values: number[]; total: number };

async function dashboard(name: string, query: string, token = admin): Promise<Widgets> {
  const res = await ctx.call(token, 'GET', `/api/dashboard/${name}?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().widgets;
}
const items = (widget: Widgets[string] | undefined) =>
  (widget?.items ?? []).map((item) => [
    item.key,
    item.value,
    ...(item.count === undefined ? [] : [item.count]),
  ]);
const column = (widget: Widgets[string] | undefined, key: string) =>
  (widget?.rows ?? []).map((row) => row.cells[key]);

const workIds = [
  'openTicketsByPriority',
  'tasksDueThisWeek',
  'tasksOverdue',
  'tasksDue',
  'projectsByStatus',
  'activeProjects',
  'dealsByStage',
];

describe('no data', () => {
  it('answers zeros and empty tables, never an error', async () => {
    const home = await dashboard('home', `period=monthly&${UTC}`);
    expect(home.tasksDueThisWeek).toMatchObject({ counter: 0, previous: 0, percentage: null });
    expect(home.tasksOverdue).toMatchObject({ counter: 0, previous: null });
    expect(items(home.openTicketsByPriority)).toEqual([
      ['High', 0],
      ['Medium', 0],
      ['Low', 0],
    ]);
    expect(home.tasksDue?.rows).toEqual([]);
    expect(home.activeProjects?.rows).toEqual([]);
    expect(items(home.dealsByStage).map(([, value, count]) => [value, count])).toEqual(Array(5).fill([0, 0]));

    for (const period of ['monthly', 'all']) {
      const crm = await dashboard('crm', `period=${period}&${UTC}`);
      expect(crm.pipelineValue).toMatchObject({ counter: 0 });
      expect(crm.leadConversion).toMatchObject({ counter: 0 });
      expect(crm.dealsOverTime?.series?.map((s) => s.total)).toEqual([0, 0]);
      expect(crm.closingDeals?.rows).toEqual([]);
      const projectsDashboard = await dashboard('projects', `period=${period}&${UTC}`);
      expect(projectsDashboard.tasksCompleted).toMatchObject({ counter: 0 });
      expect(projectsDashboard.teamMembers?.rows).toEqual([]);
      const jobsDashboard = await dashboard('jobs', `period=${period}&${UTC}`);
      expect(jobsDashboard.openJobs).toMatchObject({ counter: 0, caption: '0 vacancies' });
      expect(jobsDashboard.applicationsOverTime?.series?.map((s) => s.total)).toEqual([0, 0, 0, 0]);
      expect(jobsDashboard.topCompanies?.rows).toEqual([]);
    }
  });
});

describe('with data', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const { db } = ctx.database;
    const people = await db
      .insert(users)
      .values([
        { email: 'bea@test.local', username: 'bea', firstName: 'Bea', lastName: 'Moreau' },
        { email: 'carl@test.local', username: 'carl', firstName: 'Carl', lastName: 'Ito' },
      ])
      .returning({ id: users.id });
    const [bea, carl] = people.map((person) => person.id) as [string, string];

    const ticket = (priority: string, status: string) => ({
      title: `${priority} ${status}`,
      clientName: 'Northgate',
      clientEmail: 'help@northgate.test',
      priority,
      status,
    });
    await db
      .insert(tickets)
      .values([
        ticket('High', 'New'),
        ticket('High', 'Inprogress'),
        ticket('High', 'Closed'),
        ticket('Medium', 'Open'),
        ticket('Low', 'Closed'),
      ]);

    const task = (name: string, status: string, dueDate: string | null, updatedAt = NOW) => ({
      task: name,
      status,
      dueDate,
      updatedAt,
    });
    // On the default board's first column, each with a rank key of its own.
    const [column] = await db.select({ id: taskBoardColumns.id }).from(taskBoardColumns).limit(1);
    const createdTasks = await db
      .insert(tasks)
      .values(
        [
          { ...task('A', 'New', '2026-11-22'), assigneeIds: [carl, bea] },
          task('B', 'Pending', '2026-11-23'),
          task('C', 'Inprogress', '2026-11-16'),
          task('D', 'Completed', '2026-11-20', new Date('2026-11-20T12:00:00Z')),
          task('D2', 'Completed', '2026-10-01', new Date('2026-10-10T12:00:00Z')),
          task('E', 'New', '2026-11-10'),
          task('F', 'New', '2026-11-29'),
          task('G', 'New', null),
          task('H', 'New', '2026-12-01'),
        ].map((row, i) => ({ ...row, columnId: column?.id ?? '', rank: `d${String(i).padStart(4, '0')}` })),
      )
      .returning({ id: tasks.id, task: tasks.task });
    for (const row of createdTasks) ids[row.task] = row.id;

    const project = (
      name: string,
      status: string,
      percentage: number,
      dueDate: string | null,
      createdAt: string,
    ) => ({
      name,
      status,
      percentage,
      dueDate,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
    const createdProjects = await db
      .insert(projects)
      .values([
        { ...project('P1', 'New', 20, '2026-11-25', '2026-11-02T10:00:00Z'), leadId: bea },
        project('P2', 'Inprogress', 50, '2026-11-24', '2026-11-12T10:00:00Z'),
        {
          ...project('P3', 'Completed', 100, '2026-11-01', '2026-10-05T10:00:00Z'),
          updatedAt: new Date('2026-11-05T10:00:00Z'),
        },
        project('P4', 'Progress', 70, null, '2026-10-15T10:00:00Z'),
        project('P5', 'Pending', 10, '2026-12-31', '2026-10-30T10:00:00Z'),
        project('P6', 'Inprogress', 30, '2026-11-20', '2026-11-22T19:00:00Z'),
      ])
      .returning({ id: projects.id, name: projects.name });
    for (const row of createdProjects) ids[row.name] = row.id;

    await db.insert(teamMembers).values([
      { name: 'Zoe Quinn', designation: 'Budget Officer', email: 'zoe@office.test' },
      { name: 'Ann Lee', designation: 'Management Accountant', email: 'ann@office.test' },
    ]);

    // CRM.
    const [northgate] = await db
      .insert(crmCompanies)
      .values({ name: 'Northgate', industryType: 'Software' })
      .returning();
    await db.insert(crmContacts).values([
      { name: 'K1', companyId: northgate?.id, lastContacted: '2026-11-20', leadScore: 80 },
      { name: 'K2', lastContacted: null, leadScore: 90 },
      { name: 'K3', lastContacted: '2026-11-21', leadScore: 40 },
      { name: 'K4', lastContacted: '2026-10-01', leadScore: 10 },
      { name: 'K5', lastContacted: '2026-11-23', leadScore: 55 }, // today in Tokyo, tomorrow in UTC
    ]);
    const deal = (
      dealName: string,
      stage: string,
      status: string,
      amount: string,
      closeDate: string,
      rep: string | null,
    ) => ({
      dealName,
      stage,
      status,
      amount,
      closeDate,
      salesRepId: rep,
    });
    const createdDeals = await db
      .insert(crmDeals)
      .values([
        {
          ...deal('D1', 'Lead Discovered', 'New Lead', '1000.50', '2026-11-21', bea),
          companyId: northgate?.id,
        },
        deal('D2', 'Lead Discovered', 'Deal Won', '500', '2026-11-10', bea),
        deal('D3', 'Meeting Arranged', 'Stuck', '2000', '2026-12-05', carl),
        deal('D4', 'Offer Accepted', 'Deal Won', '3000', '2026-10-15', carl),
        deal('D5', 'Offer Accepted', 'Deal Won', '1200.25', '2026-11-22', carl),
        deal('D6', 'Contact Initiated', 'Intro Call', '750', '2026-11-01', null),
        deal('D7', 'Needs Identified', 'New Lead', '400', '2026-11-22', bea),
      ])
      .returning({ id: crmDeals.id, name: crmDeals.dealName });
    for (const row of createdDeals) ids[row.name] = row.id;
    const lead = (name: string, status: string, createdAt: string) => ({
      name,
      status,
      createdAt: new Date(createdAt),
    });
    await db.insert(crmLeads).values([
      lead('L1', 'New', '2026-11-05T10:00:00Z'),
      lead('L2', 'Qualified', '2026-11-10T10:00:00Z'),
      lead('L3', 'Qualified', '2026-11-20T10:00:00Z'),
      lead('L4', 'Lost', '2026-11-21T10:00:00Z'),
      lead('L5', 'New', '2026-10-10T10:00:00Z'),
      lead('L6', 'Qualified', '2026-10-12T10:00:00Z'),
      lead('L9', 'Contacted', '2026-10-15T10:00:00Z'),
      lead('L7', 'New', '2026-10-25T10:00:00Z'), // after the previous period's cut (22 October, 20:00)
      lead('L8', 'New', '2026-11-22T21:00:00Z'), // after now
    ]);

    // Jobs.
    const [acme, beta] = await db
      .insert(jobCompanies)
      .values([{ name: 'Acme' }, { name: 'Beta' }])
      .returning({ id: jobCompanies.id });
    const job = (
      jobTitle: string,
      companyId: string | undefined,
      status: string,
      type: string,
      vacancies: number,
    ) => ({
      jobTitle,
      companyId: companyId ?? '',
      status,
      type,
      vacancies,
      postDate: '2026-10-01',
    });
    const [j1, j2, j3] = await db
      .insert(jobs)
      .values([
        job('J1', acme?.id, 'Active', 'Full Time', 3),
        job('J2', acme?.id, 'New', 'Part Time', 2),
        job('J3', beta?.id, 'Active', 'Freelance', 4),
        job('J4', beta?.id, 'Close', 'Full Time', 10),
      ])
      .returning({ id: jobs.id });
    const candidate = (candidateName: string, createdAt: string) => ({
      candidateName,
      createdAt: new Date(createdAt),
    });
    const [k1, k2, k3] = await db
      .insert(candidates)
      .values([
        candidate('Kim', '2026-11-03T10:00:00Z'),
        candidate('Lou', '2026-11-15T10:00:00Z'),
        candidate('Max', '2026-10-05T10:00:00Z'),
        candidate('Noa', '2026-11-22T21:00:00Z'),
      ])
      .returning({ id: candidates.id });
    const application = (c: typeof k1, j: typeof j1, appliedDate: string, status: string) => ({
      candidateId: c?.id ?? '',
      jobId: j?.id ?? '',
      appliedDate,
      status,
    });
    const createdApplications = await db
      .insert(jobApplications)
      .values([
        application(k1, j1, '2026-11-02', 'New'),
        application(k2, j1, '2026-11-22', 'Accepted'),
        application(k1, j2, '2026-11-23', 'Pending'),
        application(k3, j3, '2026-10-20', 'Accepted'),
        application(k2, j3, '2026-10-28', 'Rejected'),
        application(k3, j1, '2026-11-10', 'Rejected'),
      ])
      .returning({ id: jobApplications.id, appliedDate: jobApplications.appliedDate });
    for (const row of createdApplications) ids[row.appliedDate] = row.id;
  });

  describe('home: the work under way', () => {
    it('counts open tickets by priority, with links to the filtered list', async () => {
      const { openTicketsByPriority } = await dashboard('home', UTC);
      expect(items(openTicketsByPriority)).toEqual([
        ['High', 2],
        ['Medium', 1],
        ['Low', 0],
      ]);
      expect(openTicketsByPriority?.items?.[0]?.href).toBe('/apps/tickets?priority=High');
    });

    it('takes this week and today in the caller’s zone (Sunday in UTC, Monday in Tokyo)', async () => {
      const utc = await dashboard('home', UTC);
      // Week of 16–22 November: A (22nd) and C (16th); the week before: E (10th). D is completed.
      expect(utc.tasksDueThisWeek).toMatchObject({ counter: 2, previous: 1, percentage: 100 });
      // Due before Sunday 22nd: C and E (A is due today, not overdue).
      expect(utc.tasksOverdue).toMatchObject({ counter: 2, previous: null });
      expect(column(utc.tasksDue, 'task')).toEqual(['E', 'C', 'A']);

      const tokyo = await dashboard('home', TOKYO);
      // Week of 23–29 November: B and F; the week before: A and C. Before Monday 23rd: A, C and E.
      expect(tokyo.tasksDueThisWeek).toMatchObject({ counter: 2, previous: 2, percentage: 0 });
      expect(tokyo.tasksOverdue).toMatchObject({ counter: 3 });
      expect(column(tokyo.tasksDue, 'task')).toEqual(['E', 'C', 'A', 'B', 'F']);
    });

    it('lists the tasks due with their date, status, priority, assignees and link', async () => {
      const { tasksDue } = await dashboard('home', UTC);
      expect(tasksDue?.rows?.[2]).toEqual({
        key: ids.A,
        cells: {
          task: 'A',
          dueDate: '2026-11-22',
          status: 'New',
          priority: 'Medium',
          assignees: 'Bea Moreau, Carl Ito',
        },
        href: `/apps/tasks/${ids.A}`,
      });
    });

    it('counts projects by status and lists the active ones, nearest due first', async () => {
      const { projectsByStatus, activeProjects } = await dashboard('home', UTC);
      expect(items(projectsByStatus)).toEqual([
        ['New', 1],
        ['Pending', 1],
        ['Inprogress', 2],
        ['Progress', 1],
        ['Completed', 1],
      ]);
      expect(column(activeProjects, 'name')).toEqual(['P6', 'P2', 'P1', 'P5', 'P4']);
      expect(column(activeProjects, 'progress')).toEqual([30, 50, 20, 10, 70]);
      expect(activeProjects?.rows?.[2]).toMatchObject({
        cells: { name: 'P1', status: 'New', dueDate: '2026-11-25', lead: 'Bea Moreau' },
        href: `/apps/projects/${ids.P1}`,
      });
    });

    it('sums the deals of each pipeline stage, in stage order', async () => {
      const { dealsByStage } = await dashboard('home', UTC);
      expect(items(dealsByStage)).toEqual([
        ['Lead Discovered', 1500.5, 2],
        ['Contact Initiated', 750, 1],
        ['Needs Identified', 400, 1],
        ['Meeting Arranged', 2000, 1],
        ['Offer Accepted', 4200.25, 2],
      ]);
    });
  });

  describe('CRM', () => {
    it('figures the pipeline, the deals won and the leads of the period against the previous one', async () => {
      // This month until now (1–22 November, UTC) against 1 October – 22 October 20:00.
      const crm = await dashboard('crm', `period=monthly&${UTC}`);
      // Open (not won): D1 1000.50, D3 2000, D6 750, D7 400.
      expect(crm.pipelineValue).toMatchObject({
        counter: 4150.5,
        previous: null,
        caption: '4 open deals (not won yet)',
      });
      // Won and closed on 10 and 22 November (D2, D5) against 15 October (D4).
      expect(crm.dealsWon).toMatchObject({ counter: 1700.25, previous: 3000, percentage: -43.3 });
      // L1–L4 against L5, L6, L9 (L7 is past the previous period's cut, L8 after now).
      expect(crm.newLeads).toMatchObject({ counter: 4, previous: 3, percentage: 33.3 });
      // Qualified: 2 of 4 (50 %) against 1 of 3 (33.3 %).
      expect(crm.leadConversion).toMatchObject({
        unit: 'percent',
        counter: 50,
        previous: 33.3,
        percentage: 50.2,
      });
      expect(items(crm.leadsByStatus)).toEqual([
        ['New', 1],
        ['Contacted', 0],
        ['Qualified', 2],
        ['Lost', 1],
      ]);
    });

    it('charts won and open amounts by close day', async () => {
      const { dealsOverTime } = await dashboard('crm', `period=monthly&${UTC}`);
      const [wonSeries, pipeline] = dealsOverTime?.series ?? [];
      expect(dealsOverTime?.buckets).toHaveLength(22);
      expect(wonSeries).toMatchObject({ key: 'won', total: 1700.25 });
      expect(wonSeries?.values[9]).toBe(500); // 10 November
      expect(wonSeries?.values[21]).toBe(1200.25); // 22 November
      expect(pipeline).toMatchObject({ key: 'pipeline', total: 750 + 1000.5 + 400 });
      expect(pipeline?.values[0]).toBe(750);
    });

    it('ranks the sales reps by the amount won in the period', async () => {
      const { topSalesReps } = await dashboard('crm', `period=monthly&${UTC}`);
      expect(topSalesReps?.rows?.map((row) => row.cells)).toEqual([
        { rep: 'Carl Ito', deals: 1, won: 1200.25 },
        { rep: 'Bea Moreau', deals: 3, won: 500 },
      ]);
    });

    it('lists the open deals closing from the caller’s today, and the latest contacts', async () => {
      const utc = await dashboard('crm', UTC);
      expect(utc.closingDeals?.rows?.[0]).toEqual({
        key: ids.D7,
        cells: { deal: 'D7', company: null, amount: 400, closeDate: '2026-11-22', stage: 'Needs Identified' },
        href: `/apps/crm/deals/${ids.D7}`,
      });
      expect(column(utc.closingDeals, 'deal')).toEqual(['D7', 'D3']);
      // In Tokyo the 22nd is yesterday.
      const tokyo = await dashboard('crm', TOKYO);
      expect(column(tokyo.closingDeals, 'deal')).toEqual(['D3']);
      expect(column(tokyo.recentContacts, 'name')).toEqual(['K5', 'K3', 'K1', 'K4']);
      expect(utc.recentContacts?.rows?.map((row) => row.cells)).toEqual([
        { name: 'K3', company: null, lastContacted: '2026-11-21', leadScore: 40 },
        { name: 'K1', company: 'Northgate', lastContacted: '2026-11-20', leadScore: 80 },
        { name: 'K4', company: null, lastContacted: '2026-10-01', leadScore: 10 },
      ]);
    });
  });

  describe('projects', () => {
    it('counts the active and new projects and the tasks completed in the period', async () => {
      const dashboardProjects = await dashboard('projects', `period=monthly&${UTC}`);
      expect(dashboardProjects.activeProjects).toMatchObject({ kind: 'kpi', counter: 5, previous: null });
      // Created P1, P2, P6 against P3, P4 (P5 was created after the cut of 22 October).
      expect(dashboardProjects.newProjects).toMatchObject({ counter: 3, previous: 2, percentage: 50 });
      // D last changed on 20 November, D2 on 10 October.
      expect(dashboardProjects.tasksCompleted).toMatchObject({ counter: 1, previous: 1, percentage: 0 });
      expect(dashboardProjects.tasksOverdue).toMatchObject({ counter: 2 });
      expect(items(dashboardProjects.tasksByStatus)).toEqual([
        ['New', 5],
        ['Pending', 1],
        ['Inprogress', 1],
        ['Completed', 2],
      ]);
      expect(dashboardProjects.projectProgress).toEqual({
        ...(await dashboard('home', UTC)).activeProjects,
        id: 'projectProgress',
      });
    });

    it('charts the projects created and completed', async () => {
      const { projectsOverTime } = await dashboard('projects', `period=monthly&${UTC}`);
      expect(projectsOverTime?.series?.map((s) => [s.key, s.total])).toEqual([
        ['created', 3],
        ['completed', 1],
      ]);
      expect(projectsOverTime?.series?.[1]?.values[4]).toBe(1); // P3, 5 November
    });

    it('merges the projects and tasks due in the next 30 days', async () => {
      const { upcomingDeadlines } = await dashboard('projects', UTC);
      expect(
        upcomingDeadlines?.rows?.map((row) => [row.cells.kind, row.cells.name, row.cells.dueDate]),
      ).toEqual([
        ['task', 'A', '2026-11-22'],
        ['task', 'B', '2026-11-23'],
        ['project', 'P2', '2026-11-24'],
        ['project', 'P1', '2026-11-25'],
        ['task', 'F', '2026-11-29'],
        ['task', 'H', '2026-12-01'],
      ]);
      expect(upcomingDeadlines?.rows?.[2]?.href).toBe(`/apps/projects/${ids.P2}`);
    });

    it('lists the team members with their address and role', async () => {
      const { teamMembers } = await dashboard('projects', UTC);
      expect(teamMembers?.rows?.map((row) => row.cells)).toEqual([
        { name: 'Ann Lee', email: 'ann@office.test', designation: 'Management Accountant' },
        { name: 'Zoe Quinn', email: 'zoe@office.test', designation: 'Budget Officer' },
      ]);
    });
  });

  describe('jobs', () => {
    it('counts open jobs with their vacancies, and the applications and candidates of the period', async () => {
      const utc = await dashboard('jobs', `period=monthly&${UTC}`);
      expect(utc.openJobs).toMatchObject({ counter: 3, previous: null, caption: '9 vacancies' });
      // Applied 2, 10 and 22 November against 20 October (28 October is past the cut).
      expect(utc.applications).toMatchObject({ counter: 3, previous: 1, percentage: 200 });
      expect(utc.accepted).toMatchObject({ counter: 1, previous: 1, percentage: 0 });
      expect(utc.newCandidates).toMatchObject({ counter: 2, previous: 1, percentage: 100 });
      expect(items(utc.applicationsByStatus)).toEqual([
        ['New', 1],
        ['Pending', 0],
        ['Accepted', 1],
        ['Rejected', 1],
      ]);
      expect(utc.applicationsOverTime?.series?.map((s) => [s.key, s.total])).toEqual([
        ['New', 1],
        ['Pending', 0],
        ['Accepted', 1],
        ['Rejected', 1],
      ]);
      // In Tokyo, 23 November is today: B's application counts.
      const tokyo = await dashboard('jobs', `period=monthly&${TOKYO}`);
      expect(tokyo.applications).toMatchObject({ counter: 4, previous: 1 });
    });

    it('takes the week of applied dates in the caller’s zone', async () => {
      // UTC: Monday 16 – Sunday 22 (the 22nd's application) against 9–15 (the 10th's).
      const utc = await dashboard('jobs', `period=week&${UTC}`);
      expect(utc.applications).toMatchObject({ counter: 1, previous: 1 });
      expect(utc.applicationsOverTime?.buckets).toHaveLength(7);
      // Tokyo: the week began on Monday 23 (that day's application), against the same five hours
      // of Monday 16, with no application.
      const tokyo = await dashboard('jobs', `period=week&${TOKYO}`);
      expect(tokyo.applications).toMatchObject({ counter: 1, previous: 0, percentage: null });
      expect(tokyo.applicationsOverTime?.buckets).toEqual(['2026-11-22T15:00:00.000Z']);
      expect(tokyo.applicationsOverTime?.series?.map((s) => s.values)).toEqual([[0], [1], [0], [0]]);
    });

    it('breaks jobs down by type and ranks the companies by open vacancies', async () => {
      const { jobsByType, topCompanies } = await dashboard('jobs', UTC);
      expect(items(jobsByType)).toEqual([
        ['Full Time', 2],
        ['Part Time', 1],
        ['Freelance', 1],
        ['Internship', 0],
      ]);
      expect(topCompanies?.rows?.map((row) => row.cells)).toEqual([
        { name: 'Acme', vacancies: 5, jobs: 2 },
        { name: 'Beta', vacancies: 4, jobs: 1 },
      ]);
    });

    it('lists the latest applications up to the caller’s today', async () => {
      const utc = await dashboard('jobs', UTC);
      expect(column(utc.recentApplications, 'appliedDate')).toEqual([
        '2026-11-22',
        '2026-11-10',
        '2026-11-02',
        '2026-10-28',
        '2026-10-20',
      ]);
      expect(utc.recentApplications?.rows?.[0]).toEqual({
        key: ids['2026-11-22'],
        cells: {
          candidate: 'Lou',
          job: 'J1',
          company: 'Acme',
          appliedDate: '2026-11-22',
          status: 'Accepted',
        },
        href: `/apps/applications/${ids['2026-11-22']}`,
      });
      const tokyo = await dashboard('jobs', TOKYO);
      expect(column(tokyo.recentApplications, 'appliedDate')[0]).toBe('2026-11-23');
    });

    it('buckets the whole history from the first application for `all`', async () => {
      const { applicationsOverTime } = await dashboard('jobs', `period=all&${UTC}`);
      expect(applicationsOverTime?.buckets).toEqual(['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
      expect(applicationsOverTime?.series?.map((s) => s.values)).toEqual([
        [0, 1],
        [0, 0],
        [1, 1],
        [1, 1],
      ]);
    });
  });

  describe('permissions', () => {
    it('shows a CRM viewer the CRM dashboard and, of the work at home, only the deals', async () => {
      await ctx.createUser({
        email: 'crm@test.local',
        password: 'a-long-password-1',
        permissions: ['crm.view'],
      });
      const token = await ctx.login('crm@test.local', 'a-long-password-1');
      const crm = await dashboard('crm', UTC, token);
      expect(Object.keys(crm).sort()).toEqual(
        [
          'closingDeals',
          'dealsByStage',
          'dealsOverTime',
          'dealsWon',
          'leadConversion',
          'leadsByStatus',
          'newLeads',
          'pipelineValue',
          'recentContacts',
          'topSalesReps',
        ].sort(),
      );
      const home = await dashboard('home', UTC, token);
      expect(Object.keys(home).filter((id) => workIds.includes(id))).toEqual(['dealsByStage']);
      expect(Object.keys(await dashboard('jobs', UTC, token))).toEqual([]);
      const widget = await ctx.call(token, 'GET', '/api/dashboard/jobs/openJobs');
      expect(widget.statusCode).toBe(403);
    });

    it('leaves the task widgets and tasks out of the projects dashboard without tasks.view', async () => {
      await ctx.createUser({
        email: 'pm@test.local',
        password: 'a-long-password-2',
        permissions: ['projects.view', 'team.view'],
      });
      const token = await ctx.login('pm@test.local', 'a-long-password-2');
      const widgets = await dashboard('projects', UTC, token);
      expect(Object.keys(widgets)).toEqual([
        'activeProjects',
        'newProjects',
        'projectsByStatus',
        'projectsOverTime',
        'projectProgress',
        'upcomingDeadlines',
        'teamMembers',
      ]);
      expect(column(widgets.upcomingDeadlines, 'name')).toEqual(['P2', 'P1']);
    });
  });
});
