import { dealStages, type dealStatuses, leadStatuses } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { crmCompanies, crmContacts, crmDeals, crmLeads } from '../db/schema';
import { createRandom } from './random';

/** The CRM's own seed: changing another area's demo data does not shift this one, nor the reverse. */
const CRM_SEED = 6_001;
/** Demo dates are laid out around this day, so that every fresh start shows the same data. */
const ANCHOR = Date.UTC(2026, 10, 20);
const DAY = 86_400_000;

const companies = [
  ['Northgate Civil Works', 'Construction', 'Leeds, UK', 'northgate-civil.example', 'Harriet Cole'],
  ['Brightwater Engineering', 'Engineering', 'Rotterdam, NL', 'brightwater-eng.example', 'Joost van Dijk'],
  ['Halden & Shore Consulting', 'Consulting', 'Oslo, NO', 'haldenshore.example', 'Ingrid Halden'],
  ['Copperline Software', 'Software', 'Lisbon, PT', 'copperline.example', 'Rui Matos'],
  ['Meridian Precast', 'Manufacturing', 'Lyon, FR', 'meridian-precast.example', 'Claire Fontaine'],
  ['Tidewell Logistics', 'Logistics', 'Hamburg, DE', 'tidewell.example', 'Markus Brandt'],
  ['Solara Grid Services', 'Energy', 'Seville, ES', 'solaragrid.example', 'Lucía Moreno'],
  ['Kestrel Health Estates', 'Healthcare', 'Dublin, IE', 'kestrelhealth.example', 'Siobhan Byrne'],
  ['Ashford Capital Partners', 'Finance', 'London, UK', 'ashfordcapital.example', 'James Ashford'],
  [
    'Riverside Learning Trust',
    'Education',
    'Manchester, UK',
    'riverside-learning.example',
    'Dr. Amina Yusuf',
  ],
  ['Municipality of Vesterby', 'Public sector', 'Aarhus, DK', 'vesterby.example', 'Mette Lund'],
  ['Granite Peak Builders', 'Construction', 'Denver, US', 'granitepeak.example', 'Tom Whitaker'],
  ['Ironbridge Structural', 'Engineering', 'Birmingham, UK', 'ironbridge-structural.example', 'Priya Nair'],
  ['Fieldstone Surveyors', 'Consulting', 'Edinburgh, UK', 'fieldstone.example', 'Callum Reid'],
  ['Larkspur Analytics', 'Software', 'Tallinn, EE', 'larkspur.example', 'Kaarel Tamm'],
  ['Baltic Steelworks', 'Manufacturing', 'Gdańsk, PL', 'balticsteel.example', 'Agnieszka Nowak'],
  ['Crossway Freight', 'Logistics', 'Antwerp, BE', 'crossway-freight.example', 'Pieter Claes'],
  ['Windmere Renewables', 'Energy', 'Aalborg, DK', 'windmere.example', 'Lars Holm'],
  ['Orchard Valley Clinics', 'Healthcare', 'Porto, PT', 'orchardvalley.example', 'Beatriz Sousa'],
  [
    'Stonebridge Housing Association',
    'Public sector',
    'Bristol, UK',
    'stonebridge-housing.example',
    'Naomi Clarke',
  ],
] as const;

const firstNames = [
  'Aisha',
  'Ben',
  'Clara',
  'Diego',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jakob',
  'Keira',
  'Liam',
  'Maya',
  'Niko',
  'Olivia',
  'Pavel',
  'Rosa',
  'Samir',
  'Tessa',
  'Viktor',
  'Wen',
  'Yara',
  'Zoe',
  'Arjun',
];
const lastNames = [
  'Ahmed',
  'Bennett',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gallagher',
  'Hoffmann',
  'Ivanova',
  'Jensen',
  'Kaur',
  'Laurent',
  'Murphy',
  'Nielsen',
  'Oliveira',
  'Petrov',
  'Quinn',
  'Reyes',
  'Schmidt',
  'Thompson',
  'Umar',
  'Varga',
  'Walsh',
  'Zielinski',
];
const designations = [
  'Project Manager',
  'Procurement Lead',
  'Finance Director',
  'Site Engineer',
  'Operations Manager',
  'Quantity Surveyor',
  'Head of Estates',
  'Commercial Manager',
  'Chief Executive',
  'Contracts Officer',
  'IT Manager',
  'Sustainability Lead',
];
const contactTags = ['Client', 'Supplier', 'Partner', 'VIP', 'Public tender', 'Renewal', 'Follow-up'];
const leadTags = ['Inbound', 'Referral', 'Trade fair', 'Webinar', 'Cold call', 'Tender portal'];
const prospects = [
  ['Oakridge Developments', 'Cardiff, UK'],
  ['Pinecrest Facilities', 'Utrecht, NL'],
  ['Harbor Point Marine', 'Gothenburg, SE'],
  ['Summit Data Centres', 'Frankfurt, DE'],
  ['Bluefield Agritech', 'Ghent, BE'],
  ['Redwood Retail Parks', 'Leicester, UK'],
  ['Silverline Transit', 'Vienna, AT'],
  ['Eastbrook Council', 'Norwich, UK'],
  ['Clearwater Utilities', 'Cork, IE'],
  ['Maplewood Schools', 'Toronto, CA'],
  ['Northwind Airports', 'Bergen, NO'],
  ['Highland Hydro', 'Inverness, UK'],
  ['Beacon Hospitals', 'Valencia, ES'],
  ['Foxglove Hotels', 'Bath, UK'],
  ['Quarry Lane Homes', 'Sheffield, UK'],
  ['Lumen Labs', 'Helsinki, FI'],
] as const;
const services = [
  'Annual maintenance contract',
  'Framework agreement',
  'Budget planning licences',
  'Cost consultancy retainer',
  'Solar roof installation',
  'Fleet tracking rollout',
  'Office fit-out',
  'Structural survey',
  'Bridge inspection programme',
  'Data migration project',
  'Staff training programme',
  'Energy audit',
];
/** Where a deal in each stage usually stands. */
const statusesByStage: Record<(typeof dealStages)[number], readonly (typeof dealStatuses)[number][]> = {
  'Lead Discovered': ['New Lead', 'New Lead', 'Intro Call'],
  'Contact Initiated': ['Intro Call', 'Intro Call', 'New Lead', 'Stuck'],
  'Needs Identified': ['Intro Call', 'Stuck'],
  'Meeting Arranged': ['Intro Call', 'Stuck', 'Deal Won'],
  'Offer Accepted': ['Deal Won', 'Deal Won', 'Stuck'],
};

const day = (offset: number) => new Date(ANCHOR + offset * DAY).toISOString().slice(0, 10);
const personName = (i: number) =>
  `${firstNames[i % firstNames.length]} ${lastNames[(i * 7 + Math.floor(i / firstNames.length)) % lastNames.length]}`;
const mailbox = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .replace(' ', '.');
const phoneOf = (random: ReturnType<typeof createRandom>) =>
  `+44 ${random.int(20, 79)} ${random.int(1000, 9999)} ${random.int(1000, 9999)}`;
/** Cents → a decimal string: amounts are never floats. */
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Demo CRM: 20 companies, 60 contacts, 40 leads and 60 deals spread over the pipeline. */
export async function seedCrm(db: Database, userIds: string[], actorId: string) {
  const random = createRandom(CRM_SEED);
  const audit = { createdBy: actorId, updatedBy: actorId };

  const companyRows = await db
    .insert(crmCompanies)
    .values(
      companies.map(([name, industryType, location, domain, owner], i) => ({
        name,
        owner,
        industryType,
        starValue: random.int(4, 10) / 2,
        location,
        employees: random.pick([12, 35, 80, 150, 420, 900, 2500, 6000]),
        website: `https://www.${domain}`,
        contactEmail: `info@${domain}`,
        since: random.int(1962, 2019),
        createdAt: new Date(ANCHOR - (200 - i * 5) * DAY),
        ...audit,
      })),
    )
    .returning({ id: crmCompanies.id });
  const companyIds = companyRows.map((c) => c.id);

  const contactRows = await db
    .insert(crmContacts)
    .values(
      Array.from({ length: 60 }, (_, i) => {
        const c = i % companies.length;
        const name = personName(i);
        return {
          name,
          companyId: companyIds[c] ?? null,
          designation: random.pick(designations),
          email: `${mailbox(name)}@${companies[c]?.[3]}`,
          phone: phoneOf(random),
          leadScore: random.int(10, 98),
          tags: [
            ...new Set([
              random.pick(contactTags),
              ...(random.next() > 0.5 ? [random.pick(contactTags)] : []),
            ]),
          ],
          lastContacted: random.next() > 0.1 ? day(-random.int(0, 120)) : null,
          createdAt: new Date(ANCHOR - (180 - i * 2) * DAY),
          ...audit,
        };
      }),
    )
    .returning({ id: crmContacts.id, companyId: crmContacts.companyId });

  await db.insert(crmLeads).values(
    Array.from({ length: 40 }, (_, i) => {
      const name = personName(i + 60);
      const [company, location] = prospects[i % prospects.length] ?? ['', ''];
      return {
        name,
        company,
        email: `${mailbox(name)}@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        phone: phoneOf(random),
        leadScore: random.int(5, 95),
        location,
        tags: [random.pick(leadTags)],
        status: random.pick(leadStatuses),
        createdAt: new Date(ANCHOR - random.int(0, 90) * DAY - random.int(0, 86_399) * 1000),
        ...audit,
      };
    }),
  );

  await db.insert(crmDeals).values(
    Array.from({ length: 60 }, (_, i) => {
      const contact = contactRows[(i * 7) % contactRows.length];
      const stage = dealStages[i % dealStages.length] ?? 'Lead Discovered';
      const companyName = companies[companyIds.indexOf(contact?.companyId ?? '')]?.[0] ?? '';
      const service = services[(i * 5) % services.length];
      // Round amounts mostly, some to the cent, as quotes come.
      const cents = random.int(50, 9600) * 5000 + (random.next() > 0.75 ? random.int(1, 99) : 0);
      return {
        dealName: `${service} – ${companyName}`,
        salesRepId: userIds[i % userIds.length] ?? actorId,
        amount: money(cents),
        closeDate: day(random.int(-20, 90)),
        status: random.pick(statusesByStage[stage]),
        stage,
        contactId: contact?.id ?? null,
        companyId: contact?.companyId ?? null,
        description: `${service} for ${companyName}, quoted after the ${random.pick(['site visit', 'discovery call', 'tender briefing', 'budget review'])}.`,
        createdAt: new Date(ANCHOR - random.int(5, 150) * DAY),
        ...audit,
      };
    }),
  );
}
