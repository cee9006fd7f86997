import { defaultLayout, type LayoutSetting, type LayoutSettings } from '@ledgerdesk/contracts';

// A drawn miniature of the frame (80 × 56) with one setting changed from the defaults, so each
// choice of the settings drawer shows what it does. Colours depict the frame; they are not the theme's.
const W = 80;
const H = 56;
const TOP = 9;

const sidebarFills: Record<LayoutSettings['sidebarColor'], string> = {
  dark: '#1e2532',
  light: '#ffffff',
  gradient: 'url(#ld-thumb-gradient)',
  'gradient-2': 'url(#ld-thumb-gradient-2)',
  'gradient-3': 'url(#ld-thumb-gradient-3)',
  'gradient-4': 'url(#ld-thumb-gradient-4)',
};

/** The same two stops as the sidebar's gradients (shell.module.css). */
const gradients: [id: string, from: string, to: string][] = [
  ['ld-thumb-gradient', '#312e81', '#115e59'],
  ['ld-thumb-gradient-2', '#4c1d95', '#831843'],
  ['ld-thumb-gradient-3', '#0c4a6e', '#1e3a8a'],
  ['ld-thumb-gradient-4', '#7c2d12', '#1f2937'],
];

const sidebarWidths: Record<LayoutSettings['sidebarSize'], number> = { lg: 22, md: 17, sm: 8, 'sm-hover': 8 };

/** Lines of text in a box: the page's content, or a sidebar's links. */
function Lines({
  x,
  y,
  width,
  count,
  colour,
}: {
  x: number;
  y: number;
  width: number;
  count: number;
  colour: string;
}) {
  return (
    <>
      {[0, 1, 2, 3, 4, 5].slice(0, count).map((row) => (
        <rect
          key={row}
          x={x}
          y={y + row * 5}
          width={row % 2 ? width * 0.7 : width}
          height={2}
          rx={1}
          fill={colour}
        />
      ))}
    </>
  );
}

/** The gradients and patterns the thumbnails fill sidebars with: once in the drawer (ids are unique). */
export function ThumbnailDefs() {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: 'absolute' }}>
      <defs>
        {gradients.map(([id, from, to]) => (
          <linearGradient key={id} id={id} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={from} />
            <stop offset="1" stopColor={to} />
          </linearGradient>
        ))}
        {[1, 2, 3, 4].map((n) => (
          // The sidebar's own pattern and overlay, at thumbnail scale.
          <pattern key={n} id={`ld-thumb-img-${n}`} width="20" height="20" patternUnits="userSpaceOnUse">
            <image href={`/sidebar/img-${n}.svg`} width="20" height="20" />
            <rect width="20" height="20" fill="rgba(17,24,39,0.62)" />
          </pattern>
        ))}
      </defs>
    </svg>
  );
}

export function LayoutThumbnail({ setting, value }: { setting: LayoutSetting; value: string }) {
  const s = { ...defaultLayout, [setting]: value } as LayoutSettings;
  const dark = s.theme === 'dark';
  const page = dark ? '#2e3440' : '#f3f4f6';
  const card = dark ? '#3b4252' : '#ffffff';
  const ink = dark ? '#6b7280' : '#d1d5db';
  const topbar = s.topbar === 'dark' ? '#1e2532' : card;
  const sidebar =
    s.sidebarImage === 'none' ? sidebarFills[s.sidebarColor] : `url(#ld-thumb-${s.sidebarImage})`;
  const sidebarInk =
    s.sidebarColor === 'light' && s.sidebarImage === 'none' ? '#9ca3af' : 'rgba(255,255,255,0.55)';
  const boxed = s.width === 'boxed';
  const x0 = boxed ? 10 : 0;
  const x1 = boxed ? W - 10 : W;
  const horizontal = s.layout === 'horizontal';
  const hidden = s.sidebarVisibility === 'hidden' || horizontal;
  const side = s.layout === 'twocolumn' ? 24 : sidebarWidths[s.sidebarSize];
  const top = horizontal ? TOP + 6 : TOP;
  const semibox = s.layout === 'semibox';
  const sideX = x0 + (semibox ? 3 : 0);
  const sideY = semibox ? top + 3 : top;
  const sideH = semibox ? H - top - 6 : H - top;
  const contentX = hidden ? x0 : sideX + side + (semibox ? 3 : 0);
  // Scrollable: the page has scrolled and taken the top bar with it (a part of it still shows).
  const topY = s.position === 'scrollable' ? -5 : 0;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <rect width={W} height={H} fill={boxed ? (dark ? '#1f232b' : '#d1d5db') : page} />
      <rect x={x0} width={x1 - x0} height={H} fill={page} />
      {hidden ? null : (
        <g>
          <rect x={sideX} y={sideY} width={side} height={sideH} rx={semibox ? 2 : 0} fill={sidebar} />
          {s.layout === 'twocolumn' ? (
            <>
              <rect x={sideX} y={sideY} width={7} height={sideH} fill="rgba(0,0,0,0.25)" />
              <Lines x={sideX + 10} y={sideY + 4} width={11} count={4} colour={sidebarInk} />
            </>
          ) : side > 10 ? (
            <Lines x={sideX + 3} y={sideY + 4} width={side - 6} count={5} colour={sidebarInk} />
          ) : (
            [0, 1, 2, 3].map((i) => (
              <rect
                key={i}
                x={sideX + 2}
                y={sideY + 4 + i * 6}
                width={4}
                height={4}
                rx={1}
                fill={sidebarInk}
              />
            ))
          )}
          {s.sidebarSize === 'sm-hover' && s.layout !== 'twocolumn' ? (
            <path d={`M${sideX + side + 2} ${sideY + 14} l4 3 -4 3z`} fill={ink} />
          ) : null}
        </g>
      )}
      <g transform={`translate(0 ${topY})`}>
        <rect x={x0} y={0} width={x1 - x0} height={top} fill={topbar} />
        <rect
          x={x0 + 3}
          y={3}
          width={8}
          height={3}
          rx={1}
          fill={s.topbar === 'dark' ? '#9ca3af' : '#6366f1'}
        />
        <circle cx={x1 - 5} cy={4.5} r={2} fill={ink} />
        {horizontal ? <Lines x={x0 + 3} y={TOP + 2} width={x1 - x0 - 30} count={1} colour={ink} /> : null}
      </g>
      <rect x={contentX + 4} y={top + 4} width={x1 - contentX - 8} height={12} rx={2} fill={card} />
      <rect
        x={contentX + 4}
        y={top + 19}
        width={(x1 - contentX - 11) / 2}
        height={H - top - 23}
        rx={2}
        fill={card}
      />
      <rect
        x={contentX + 7 + (x1 - contentX - 11) / 2}
        y={top + 19}
        width={(x1 - contentX - 11) / 2}
        height={H - top - 23}
        rx={2}
        fill={card}
      />
      <Lines x={contentX + 7} y={top + 7} width={Math.max(8, (x1 - contentX) / 3)} count={2} colour={ink} />
      {s.position === 'scrollable' ? <rect x={W - 3} y={20} width={2} height={14} rx={1} fill={ink} /> : null}
      {s.preloader === 'enable' ? (
        <g>
          <rect width={W} height={H} fill={dark ? 'rgba(46,52,64,0.85)' : 'rgba(255,255,255,0.85)'} />
          <circle cx={W / 2} cy={H / 2} r={7} fill="none" stroke={ink} strokeWidth={2} />
          <path d={`M${W / 2} ${H / 2 - 7} a7 7 0 0 1 7 7`} fill="none" stroke="#6366f1" strokeWidth={2} />
        </g>
      ) : null}
    </svg>
  );
}
