import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import classes from './charts.module.css';

const RESIZE_SETTLE_MS = 120;

/** One line of a tooltip: a colour swatch (optional), a name and a formatted value. */
export interface TipLine {
  colour?: string;
  name: string;
  value: string;
}

/** What a tooltip shows, and where (in the chart's pixels, the anchor above the mark). */
export interface Tip {
  x: number;
  y: number;
  heading?: string;
  lines: TipLine[];
}

/** Given to each chart's drawing: its size and the tooltip's controls. */
export interface Plot {
  width: number;
  height: number;
  show(tip: Tip): void;
  hide(): void;
}

/** The handlers that make a mark show its tooltip on hover and on keyboard focus. */
export function tipHandlers(plot: Plot, tip: Tip) {
  return {
    onMouseEnter: () => plot.show(tip),
    onMouseLeave: plot.hide,
    onFocus: () => plot.show(tip),
    onBlur: plot.hide,
  };
}

/**
 * A focusable mark's attributes: one tab stop per chart (the first mark), the arrow keys move
 * between marks (ChartFrame), Enter opens a mark's link.
 */
export function markProps(label: string, first: boolean, onOpen?: () => void) {
  return {
    'data-mark': '',
    tabIndex: first ? 0 : -1,
    role: onOpen ? 'link' : 'img',
    'aria-label': label,
    className: onOpen ? `${classes.mark} ${classes.link}` : classes.mark,
    onClick: onOpen,
    onKeyDown: onOpen
      ? (event: KeyboardEvent) => {
          if (event.key === 'Enter') onOpen();
        }
      : undefined,
  };
}

interface ChartFrameProps {
  label: string;
  height: number;
  fontFamily: string;
  /** The drawn svg, for the PNG export. */
  svgRef: RefObject<SVGSVGElement | null>;
  children: (plot: Plot) => ReactNode;
}

/**
 * The box of a chart: as wide as its card (measured, so that text keeps its size), redrawn once a
 * resize settles (a sidebar folds in steps), with one tooltip in HTML over the svg and arrow keys
 * between the marks.
 */
export function ChartFrame({ label, height, fontFamily, svgRef, children }: ChartFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [tip, setTip] = useState<Tip | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    let settling: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(settling);
      settling = setTimeout(() => setWidth(element.clientWidth), RESIZE_SETTLE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(settling);
      observer.disconnect();
    };
  }, []);

  const hide = useCallback(() => setTip(null), []);
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const ends = event.key === 'Home' || event.key === 'End';
    if (!step && !ends) return;
    const marks = [...event.currentTarget.querySelectorAll<SVGElement>('[data-mark]')];
    const at = marks.indexOf(document.activeElement as SVGElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? marks.length - 1 : at + (step ?? 0);
    marks[Math.min(marks.length - 1, Math.max(0, next))]?.focus();
  };

  const plot: Plot = { width, height, show: setTip, hide };
  // The tooltip stays inside the box: flipped to the mark's left past the middle.
  const tipStyle = tip
    ? {
        top: Math.max(0, tip.y - 8),
        ...(tip.x > width / 2 ? { right: width - tip.x + 8 } : { left: tip.x + 8 }),
      }
    : undefined;
  return (
    <div ref={box} className={classes.frame} style={{ height }} data-chart>
      {width > 0 ? (
        // biome-ignore lint/a11y/useSemanticElements: an svg's group of marks, no fieldset can be one
        <svg
          ref={svgRef}
          role="group"
          aria-label={label}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          fontFamily={fontFamily}
          fontSize={11}
          className={classes.svg}
          onKeyDown={onKeyDown}
        >
          {children(plot)}
        </svg>
      ) : null}
      {tip ? (
        <div className={classes.tip} style={tipStyle} aria-hidden data-chart-tip>
          {tip.heading ? <div className={classes.tipHeading}>{tip.heading}</div> : null}
          {tip.lines.map((line) => (
            <div key={line.name} className={classes.tipLine}>
              {line.colour ? <span className={classes.swatch} style={{ background: line.colour }} /> : null}
              <span>{line.name}</span>
              <b>{line.value}</b>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
