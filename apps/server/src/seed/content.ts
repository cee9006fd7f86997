import { type SocialNetwork, socialNetworks } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  blogComments,
  blogPosts,
  blogVideos,
  contentLikes,
  files,
  galleryCategories,
  galleryImages,
  socialStats,
} from '../db/schema';
import { GALLERY_FILES } from '../modules/content/gallery.resource';
import { POST_FILES } from '../modules/content/posts.resource';
import { excerptOf, slugOf } from '../modules/content/text';
import { insertMany } from './bulk';
import { createRandom } from './random';
import type { PutBytes } from './stored-bytes';

/*
 * The demo blog, videos, social statistics and gallery of the budget office. Pictures are drawn
 * at seed time (no internet, no stock photos): a few kinds of scene in SVG — hills at sunrise, a
 * city skyline, a coast, a night sky, a building site — with seeded colours, rendered by sharp to
 * small JPEGs. The same seed gives the same bytes, so the store keeps each once.
 */

const CONTENT_SEED = 160_029;
const WIDTH = 600;
const HEIGHT = 400;

type Random = ReturnType<typeof createRandom>;
const sceneKinds = ['hills', 'city', 'coast', 'night', 'site'] as const;
type SceneKind = (typeof sceneKinds)[number];

const palettes: Record<SceneKind, string[][]> = {
  hills: [
    ['#fbd7a5', '#f6a76c', '#6f9a5b', '#4c7a48', '#2f5a38'],
    ['#cfe6f7', '#9cc9ea', '#8fb86a', '#5f9150', '#3c6a3e'],
    ['#f9c9c1', '#e98f8a', '#7f8f5a', '#566d44', '#38502f'],
  ],
  city: [
    ['#ffd9a0', '#f08a5d', '#4b4e6d', '#34364f', '#222338'],
    ['#d6ecfa', '#8ec5ea', '#6b7c93', '#4f5d70', '#323d4c'],
  ],
  coast: [
    ['#bfe3f5', '#f5e6c8', '#2e86ab', '#1f6d8f', '#e8d2a6'],
    ['#fcd5b5', '#f7b267', '#2a6f97', '#1d4e6f', '#e9c89b'],
  ],
  night: [
    ['#0b1d3a', '#27406b', '#1b2a44', '#121d30', '#f4f1c9'],
    ['#1a1030', '#3b2a63', '#231a3d', '#150f27', '#fde9b0'],
  ],
  site: [
    ['#dbe9f4', '#b4d2e8', '#e0a93b', '#8a8f98', '#5b6068'],
    ['#f3e2c7', '#e3c08f', '#d98e2f', '#7d8189', '#4e535a'],
  ],
};

/** A ridge line across the picture: `points` seeded heights around `base`. */
function ridge(random: Random, base: number, spread: number, points = 7) {
  const step = WIDTH / (points - 1);
  const ys = Array.from({ length: points }, () => base - random.next() * spread);
  let d = `M0 ${HEIGHT} L0 ${ys[0]?.toFixed(1)}`;
  for (let i = 1; i < points; i++) {
    const x = i * step;
    const px = x - step / 2;
    d += ` Q${px.toFixed(1)} ${((ys[i - 1] ?? base) - spread * 0.3).toFixed(1)} ${x.toFixed(1)} ${ys[i]?.toFixed(1)}`;
  }
  return `${d} L${WIDTH} ${HEIGHT} Z`;
}

function sceneSvg(kind: SceneKind, random: Random): string {
  const palette = random.pick(palettes[kind]);
  const [sky = '#fff', glow = '#eee', a = '#888', b = '#666', c = '#444'] = palette;
  const sky2 = `<defs><linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${glow}"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`;
  const sunX = 80 + random.next() * 440;
  const sunY = 70 + random.next() * 80;
  let shapes = '';
  if (kind === 'hills') {
    shapes = `<circle cx="${sunX}" cy="${sunY}" r="38" fill="#fff6d8" opacity="0.85"/>
      <path d="${ridge(random, 250, 90)}" fill="${a}"/><path d="${ridge(random, 310, 70)}" fill="${b}"/><path d="${ridge(random, 370, 50)}" fill="${c}"/>`;
  } else if (kind === 'city') {
    shapes = `<circle cx="${sunX}" cy="${sunY + 60}" r="60" fill="#fff1c4" opacity="0.7"/>`;
    for (const [layer, colour] of [
      [0, a],
      [1, b],
      [2, c],
    ] as const) {
      let x = -10;
      while (x < WIDTH) {
        const w = 30 + random.next() * 50;
        const h = 80 + random.next() * (170 - layer * 40);
        const y = HEIGHT - h - (2 - layer) * 30;
        shapes += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${(HEIGHT - y).toFixed(1)}" fill="${colour}"/>`;
        if (layer === 2)
          for (let wy = y + 12; wy < HEIGHT - 14; wy += 18)
            for (let wx = x + 6; wx < x + w - 8; wx += 12)
              if (random.next() > 0.55)
                shapes += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="5" height="8" fill="#ffe6a3" opacity="0.8"/>`;
        x += w + 4;
      }
    }
  } else if (kind === 'coast') {
    const horizon = 220 + random.next() * 40;
    shapes = `<circle cx="${sunX}" cy="${horizon - 30}" r="34" fill="#fff3cf" opacity="0.9"/>
      <rect y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="${a}"/>
      <rect y="${horizon + 40}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="${b}" opacity="0.6"/>
      <path d="M0 ${HEIGHT} L0 ${HEIGHT - 40} Q${WIDTH * 0.4} ${HEIGHT - 90} ${WIDTH} ${HEIGHT - 30} L${WIDTH} ${HEIGHT} Z" fill="${c}"/>`;
    for (let i = 0; i < 6; i++)
      shapes += `<rect x="${(random.next() * WIDTH).toFixed(1)}" y="${(horizon + 10 + random.next() * 60).toFixed(1)}" width="${(30 + random.next() * 60).toFixed(1)}" height="2" fill="#ffffff" opacity="0.5"/>`;
  } else if (kind === 'night') {
    for (let i = 0; i < 70; i++)
      shapes += `<circle cx="${(random.next() * WIDTH).toFixed(1)}" cy="${(random.next() * 260).toFixed(1)}" r="${(0.6 + random.next() * 1.4).toFixed(2)}" fill="#ffffff" opacity="${(0.4 + random.next() * 0.6).toFixed(2)}"/>`;
    shapes += `<circle cx="${sunX}" cy="${sunY}" r="26" fill="${c}"/><circle cx="${sunX + 10}" cy="${sunY - 6}" r="24" fill="${sky}"/>
      <path d="${ridge(random, 300, 80)}" fill="${a}"/><path d="${ridge(random, 360, 50)}" fill="${b}"/>`;
  } else {
    // A building site: a crane, a frame going up, the ground.
    const craneX = 120 + random.next() * 320;
    shapes = `<rect y="${HEIGHT - 60}" width="${WIDTH}" height="60" fill="${c}"/>
      <rect x="${craneX}" y="70" width="12" height="${HEIGHT - 130}" fill="${a}"/>
      <rect x="${craneX - 90}" y="70" width="260" height="10" fill="${a}"/>
      <line x1="${craneX + 140}" y1="80" x2="${craneX + 140}" y2="170" stroke="${b}" stroke-width="2"/>
      <rect x="${craneX + 128}" y="170" width="24" height="16" fill="${b}"/>`;
    const left = 60 + random.next() * 60;
    for (let floor = 0; floor < 5; floor++)
      shapes += `<rect x="${left}" y="${HEIGHT - 60 - (floor + 1) * 40}" width="180" height="6" fill="${b}"/>`;
    for (let col = 0; col < 4; col++)
      shapes += `<rect x="${left + col * 58}" y="${HEIGHT - 260}" width="6" height="200" fill="${b}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${sky2}${shapes}</svg>`;
}

async function renderScene(kind: SceneKind, random: Random) {
  const svg = sceneSvg(kind, random);
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

const categories: { name: string; kind: SceneKind; titles: string[] }[] = [
  {
    name: 'Projects',
    kind: 'site',
    titles: [
      'Riverside library frame',
      'Depot extension',
      'School block B',
      'Bridge deck works',
      'Clinic topping out',
    ],
  },
  {
    name: 'Cityscapes',
    kind: 'city',
    titles: [
      'Harbour quarter at dusk',
      'Market street skyline',
      'Civic centre',
      'Old town roofs',
      'Station district',
    ],
  },
  {
    name: 'Landscapes',
    kind: 'hills',
    titles: [
      'Morning over the valley',
      'Reservoir hills',
      'Spring in the park',
      'Country road',
      'Allotments',
    ],
  },
  {
    name: 'Coast',
    kind: 'coast',
    titles: ['Sea wall at low tide', 'Promenade', 'Lighthouse bay', 'Dunes walk', 'Pier at sunset'],
  },
  {
    name: 'Night',
    kind: 'night',
    titles: ['Observatory night', 'Winter stars', 'Moon over the quarry', 'Late shift'],
  },
];

const posts: { title: string; badge: string; paragraphs: string[]; draft?: true }[] = [
  {
    title: 'Budget 2027: what changes for departments',
    badge: 'Budget',
    paragraphs: [
      'The 2027 budget round opens on 1 February. Each department submits its revenue and capital requests through the new forms, with the code library as the one list of cost centres.',
      'Three things change this year: capital bids need a whole-life cost, carry-forwards above 5% need a note, and every request names an owner who answers the committee’s questions.',
      'The finance team runs two drop-in sessions a week until the deadline. Bring your draft; we will go through it with you.',
    ],
  },
  {
    title: 'Closing the year: a checklist for cost centre owners',
    badge: 'Guides',
    paragraphs: [
      'Year-end is less painful when accruals are in early. This checklist walks through what we need from each cost centre and when.',
      'Raise purchase orders for goods received before 31 March, clear suspense items, and confirm your prepayments. Anything left after the second week of April goes to the general reserve.',
    ],
  },
  {
    title: 'New procurement thresholds from April',
    badge: 'Procurement',
    paragraphs: [
      'The quotation threshold rises to 25,000 and the tender threshold to 180,000, in line with the updated regulations.',
      'Framework call-offs keep their own rules. If in doubt, ask the procurement desk before you commit: a contract signed above the threshold without a tender cannot be paid.',
    ],
  },
  {
    title: 'Meet the capital programme team',
    badge: 'Team',
    paragraphs: [
      'Six people look after forty live projects worth 112 million. We asked them what a good week looks like and what keeps them up at night.',
      'Spoiler: it is rarely the big numbers. It is the variation order that arrives on a Friday afternoon.',
    ],
  },
  {
    title: 'How we forecast outturn each month',
    badge: 'Guides',
    paragraphs: [
      'Outturn is the best estimate of where the year will end. We build it from actuals to date, committed spend and a profile of what is still to come.',
      'The dashboard now shows the forecast beside the budget for every cost centre, with the movement since last month, so surprises show early.',
    ],
  },
  {
    title: 'Audit committee: the highlights',
    badge: 'Announcement',
    paragraphs: [
      'The committee noted the clean opinion on last year’s accounts and asked for a deeper look at the fleet replacement programme.',
      'Two recommendations on contract management are now actions on the tasks board, with owners and dates.',
    ],
  },
  {
    title: 'Riverside library reaches the top floor',
    badge: 'Projects',
    paragraphs: [
      'The frame of the new Riverside library went up on time and 3% under the cost plan. The roof goes on next month.',
      'Thanks to the site team and to our quantity surveyors, who kept the variations tight all winter.',
    ],
  },
  {
    title: 'Five spreadsheet habits we are retiring',
    badge: 'Guides',
    paragraphs: [
      'Hard-coded totals, hidden rows, and files called FINAL_v7: we all have them. Here is what replaces each one now that budgets live in Ledgerdesk.',
      'The short version: one source of truth, a history of every change, and exports when you really need a spreadsheet.',
    ],
  },
  {
    title: 'Open day at the depot extension',
    badge: 'Events',
    paragraphs: [
      'Come and see the new vehicle workshop before the fitters move in. Tours every hour from 10:00 on Saturday 14 March.',
      'Hard hats and boots are provided. Children are welcome on the viewing platform.',
    ],
  },
  {
    title: 'Treasury update: cash and investments',
    badge: 'Budget',
    paragraphs: [
      'Cash balances averaged 48 million over the quarter. Rates on short deposits eased slightly; the longer-term loans stay fixed.',
      'The strategy for next year keeps security first, then liquidity, then yield.',
    ],
  },
  {
    title: 'Invoices paid in 30 days: 96% this quarter',
    badge: 'Announcement',
    paragraphs: [
      'Suppliers were paid faster than ever: 96% of undisputed invoices within 30 days, up from 89% a year ago.',
      'Approving in the app rather than by e-mail made the difference. Thank you to every approver.',
    ],
  },
  {
    title: 'Training: reading a variance report',
    badge: 'Events',
    paragraphs: [
      'A one-hour session for budget holders on reading the monthly variance report: what is timing, what is real, and what to do about each.',
      'Sessions run on the first Tuesday of each month. Book through the calendar.',
    ],
  },
  {
    title: 'Draft: fees and charges review',
    badge: 'Budget',
    draft: true,
    paragraphs: [
      'Notes for the fees and charges review: parking, planning pre-application advice, and room hire.',
      'To check with legal before publishing.',
    ],
  },
  {
    title: 'Draft: summer newsletter',
    badge: 'Announcement',
    draft: true,
    paragraphs: [
      'Ideas: the new year-end timetable, a profile of the payroll team, and photos from the open day.',
    ],
  },
];

const commentTexts = [
  'Very helpful, thank you. Will the forms be open before the drop-in sessions start?',
  'Could we have the slides from the session as well?',
  'Great news. The team worked hard on this.',
  'Does the new threshold apply to contracts already out to quotation?',
  'Thanks for the clear summary.',
  'We tried the new forecast view last month: it caught a timing issue early.',
  'Is there a recording for those who cannot make the Tuesday session?',
  'Well done to everyone involved!',
];

const videos = [
  {
    title: 'Budget 2027 in five minutes',
    description: 'The timetable, the new forms and what the committee will ask, in five minutes.',
    comments: 14,
  },
  {
    title: 'Riverside library: time-lapse of the frame',
    description: 'Twelve weeks of steelwork in ninety seconds.',
    comments: 37,
  },
  {
    title: 'How to raise a purchase order',
    description: 'A walk-through of the order form, from supplier to approval.',
    comments: 8,
  },
  {
    title: 'Year-end close: the timetable explained',
    description: 'The key dates of the close and what each team needs to deliver.',
    comments: 11,
  },
  {
    title: 'Depot extension open day',
    description: 'Highlights from the open day: the workshop, the wash bay and the solar roof.',
    comments: 22,
  },
  {
    title: 'Reading a variance report',
    description: 'Recorded training session for budget holders.',
    comments: 5,
  },
];

/** Followers at the start of the year, and how fast each network grows and engages. */
const networkProfiles: Record<
  SocialNetwork,
  { start: number; growth: number; engagement: number; posts: number }
> = {
  facebook: { start: 18_400, growth: 0.0009, engagement: 2.1, posts: 0.8 },
  instagram: { start: 9_800, growth: 0.0021, engagement: 4.6, posts: 0.6 },
  x: { start: 12_300, growth: 0.0004, engagement: 1.4, posts: 2.2 },
  linkedin: { start: 6_200, growth: 0.0016, engagement: 3.2, posts: 0.4 },
  youtube: { start: 2_900, growth: 0.0025, engagement: 5.3, posts: 0.35 },
};

const DAY = 86_400_000;
const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

export async function seedContent(
  db: Database,
  put: PutBytes,
  options: { adminId: string; userIds: string[]; now?: Date },
) {
  const random = createRandom(CONTENT_SEED);
  const now = options.now ?? new Date();
  const people = [options.adminId, ...options.userIds];
  const author = () => random.pick(people);
  const fileRow = (type: string, id: string, name: string, stored: { hash: string; size: number }) => ({
    name,
    blobHash: stored.hash,
    size: stored.size,
    mime: 'image/jpeg',
    kind: 'Media',
    ownerId: options.adminId,
    attachedType: type,
    attachedId: id,
    position: 0,
    createdBy: options.adminId,
    updatedBy: options.adminId,
  });

  // Gallery: categories, images (newest first by a day apart), their pictures.
  const madeCategories = await db
    .insert(galleryCategories)
    .values(categories.map((c) => ({ name: c.name, createdBy: options.adminId, updatedBy: options.adminId })))
    .returning({ id: galleryCategories.id });
  const imageRows = categories.flatMap((category, c) =>
    category.titles.map((title) => ({
      title,
      kind: category.kind,
      categoryId: madeCategories[c]?.id ?? null,
    })),
  );
  const madeImages = await db
    .insert(galleryImages)
    .values(
      imageRows.map((image, i) => {
        const by = author();
        const at = new Date(now.getTime() - (i * 37 + 5) * 3_600_000);
        return {
          title: image.title,
          description: `${image.title}, photographed for the office's picture library.`,
          categoryId: image.categoryId,
          authorId: by,
          commentsCount: random.int(0, 24),
          createdAt: at,
          updatedAt: at,
          createdBy: by,
          updatedBy: by,
        };
      }),
    )
    .returning({ id: galleryImages.id });

  // Blog posts: published a few days apart, the newest first; two drafts.
  const madePosts = await db
    .insert(blogPosts)
    .values(
      posts.map((post, i) => {
        const by = author();
        const published = post.draft
          ? null
          : new Date(now.getTime() - (i * 4 + 1) * DAY - random.int(0, 20) * 3_600_000);
        const body = paragraphsHtml(post.paragraphs);
        return {
          title: post.title,
          slug: slugOf(post.title),
          badgeText: post.badge,
          body,
          excerpt: excerptOf(body),
          status: post.draft ? 'draft' : 'published',
          publishedAt: published,
          authorId: by,
          createdAt: published ?? now,
          updatedAt: published ?? now,
          createdBy: by,
          updatedBy: by,
        };
      }),
    )
    .returning({ id: blogPosts.id, publishedAt: blogPosts.publishedAt });

  // Pictures: every gallery image and post cover, rendered side by side (sharp's threads), stored in order.
  const scenes: { type: string; id: string; name: string; kind: SceneKind }[] = [
    ...madeImages.map((image, i) => ({
      type: GALLERY_FILES,
      id: image.id,
      name: `${slugOf(imageRows[i]?.title ?? 'image')}.jpg`,
      kind: imageRows[i]?.kind ?? 'hills',
    })),
    ...madePosts.map((post, i) => ({
      type: POST_FILES,
      id: post.id,
      name: `${slugOf(posts[i]?.title ?? 'cover')}-cover.jpg`,
      kind: sceneKinds[i % sceneKinds.length] ?? 'hills',
    })),
  ];
  const seeds = scenes.map(() => random.int(1, 2 ** 30));
  const rendered = await Promise.all(
    scenes.map((scene, i) => renderScene(scene.kind, createRandom(seeds[i] ?? 1))),
  );
  const fileRows = [];
  for (const [i, scene] of scenes.entries())
    fileRows.push(fileRow(scene.type, scene.id, scene.name, await put(db, rendered[i] as Buffer)));
  await insertMany(db, files, fileRows);

  // Comments: approved ones, and a few pending ones waiting for a moderator.
  const commentRows = madePosts.flatMap((post) => {
    if (!post.publishedAt) return [];
    const published = post.publishedAt;
    return Array.from({ length: random.int(0, 4) }, (_, n) => ({
      postId: post.id,
      authorId: random.pick(options.userIds.length ? options.userIds : people),
      body: random.pick(commentTexts),
      status: random.next() < 0.2 ? 'pending' : 'approved',
      createdAt: new Date(published.getTime() + (n + 1) * 5 * 3_600_000),
    }));
  });
  if (commentRows.length) await db.insert(blogComments).values(commentRows);

  const madeVideos = await db
    .insert(blogVideos)
    .values(
      videos.map((video, i) => {
        const slug = slugOf(video.title);
        const at = new Date(now.getTime() - (i * 9 + 2) * DAY);
        return {
          title: video.title,
          siteLink: `https://www.youtube.com/@ledgerdesk-office/${slug}`,
          videoLink: `https://videos.ledgerdesk.example/${slug}.mp4`,
          description: video.description,
          commentsCount: video.comments,
          createdAt: at,
          updatedAt: at,
          createdBy: options.adminId,
          updatedBy: options.adminId,
        };
      }),
    )
    .returning({ id: blogVideos.id });

  // Likes: each colleague likes some things (one like each), the counters follow.
  const likeRows: { kind: string; itemId: string; userId: string }[] = [];
  const liked = (kind: 'post' | 'video' | 'image', ids: string[], odds: number) => {
    for (const itemId of ids)
      for (const userId of people) if (random.next() < odds) likeRows.push({ kind, itemId, userId });
  };
  liked(
    'post',
    madePosts.filter((p) => p.publishedAt).map((p) => p.id),
    0.35,
  );
  liked(
    'video',
    madeVideos.map((v) => v.id),
    0.4,
  );
  liked(
    'image',
    madeImages.map((i) => i.id),
    0.3,
  );
  await insertMany(db, contentLikes, likeRows);
  // The counters from the rows, as the like toggle and the moderation keep them.
  for (const [table, kind] of [
    [blogPosts, 'post'],
    [blogVideos, 'video'],
    [galleryImages, 'image'],
  ] as const)
    await db.update(table).set({
      likesCount: sql`(select count(*) from ${contentLikes} l where l.kind = ${kind} and l.item_id = ${table.id})`,
    });
  await db.update(blogPosts).set({
    commentsCount: sql`(select count(*) from ${blogComments} c where c.post_id = ${blogPosts.id} and c.status = 'approved')`,
  });

  // Social statistics: a year of days per network, followers growing with a seeded wobble.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const statRows = socialNetworks.flatMap((network) => {
    const profile = networkProfiles[network];
    let followers = profile.start;
    return Array.from({ length: 365 }, (_, i) => {
      const day = new Date(today - (364 - i) * DAY).toISOString().slice(0, 10);
      followers = Math.max(0, Math.round(followers * (1 + profile.growth + (random.next() - 0.45) * 0.002)));
      const posts = Math.floor(profile.posts + random.next() * profile.posts * 2);
      const engagement = Math.max(0.2, profile.engagement + (random.next() - 0.5) * profile.engagement * 0.6);
      return { network, day, followers, posts, engagement: engagement.toFixed(2) };
    });
  });
  await insertMany(db, socialStats, statRows);
}
