import type { ReactNode } from 'react';
import type { IllustrationSpec } from './walkthroughs.ts';

/** Spec platform section 2: the walkthrough's illustrations are 490 px wide. */
const ILLUSTRATION_WIDTH = 490;

const TITLE_BAR = 26;
const NAV_WIDTH = 118;
const ROW_HEIGHT = 34;
const CHECK_HEIGHT = 22;
const CODE_LINE = 15;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The height an illustration needs for its content. */
function heightOf(spec: IllustrationSpec): number {
  let height = TITLE_BAR + 16;
  if (spec.heading) height += 24;
  height += (spec.rows?.length ?? 0) * ROW_HEIGHT;
  height += (spec.checks?.length ?? 0) * CHECK_HEIGHT;
  if (spec.code) height += spec.code.length * CODE_LINE + 16;
  if (spec.button) height += 44;
  const navHeight = TITLE_BAR + 16 + (spec.nav?.length ?? 0) * 26;
  return Math.max(height, navHeight, 130) + 8;
}

/**
 * A console window drawn in SVG: breadcrumb, navigation with the current page, the form rows,
 * check boxes or code to look for, and the button the step ends with, marked with the step number.
 */
export function WalkthroughIllustration({
  spec,
  stepNumber,
  label,
}: {
  spec: IllustrationSpec;
  stepNumber: number;
  label: string;
}) {
  const height = heightOf(spec);
  const hasNav = spec.nav !== undefined && spec.nav.length > 0;
  const left = hasNav ? NAV_WIDTH + 14 : 16;
  const contentWidth = ILLUSTRATION_WIDTH - left - 16;
  let y = TITLE_BAR + 20;
  const parts: ReactNode[] = [];

  if (spec.heading) {
    parts.push(
      <text key="heading" x={left} y={y + 4} fontSize="12" fontWeight="600" fill="#18181b">
        {clip(spec.heading, 48)}
      </text>,
    );
    y += 24;
  }
  spec.rows?.forEach((row, index) => {
    parts.push(
      <g key={`row-${index}`}>
        <text x={left} y={y} fontSize="9" fill="#52525b">
          {clip(row.label, 40)}
        </text>
        <rect
          x={left}
          y={y + 5}
          width={contentWidth}
          height={20}
          rx="4"
          fill="#ffffff"
          stroke="#d4d4d8"
        />
        <text x={left + 7} y={y + 19} fontSize="10" fill="#27272a" fontFamily="monospace">
          {clip(row.value, Math.floor(contentWidth / 6.2))}
        </text>
      </g>,
    );
    y += ROW_HEIGHT;
  });
  spec.checks?.forEach((check, index) => {
    parts.push(
      <g key={`check-${index}`}>
        <rect
          x={left}
          y={y - 9}
          width="12"
          height="12"
          rx="2"
          fill={check.checked ? '#ea580c' : '#ffffff'}
          stroke={check.checked ? '#ea580c' : '#a1a1aa'}
        />
        {check.checked && (
          <path
            d={`M${left + 3} ${y - 3} l2.5 2.5 l4 -5`}
            stroke="#ffffff"
            strokeWidth="1.8"
            fill="none"
          />
        )}
        <text x={left + 20} y={y + 1} fontSize="10" fill="#27272a">
          {clip(check.label, 52)}
        </text>
      </g>,
    );
    y += CHECK_HEIGHT;
  });
  if (spec.code) {
    const codeHeight = spec.code.length * CODE_LINE + 10;
    parts.push(
      <g key="code">
        <rect x={left} y={y - 6} width={contentWidth} height={codeHeight} rx="4" fill="#18181b" />
        {spec.code.map((line, index) => (
          <text
            key={index}
            x={left + 8}
            y={y + 8 + index * CODE_LINE}
            fontSize="9"
            fill="#fdba74"
            fontFamily="monospace"
            xmlSpace="preserve"
          >
            {clip(line, Math.floor(contentWidth / 5.6))}
          </text>
        ))}
      </g>,
    );
    y += codeHeight + 6;
  }
  if (spec.button) {
    const width = Math.min(contentWidth, spec.button.length * 6.4 + 28);
    const x = left + contentWidth - width;
    parts.push(
      <g key="button">
        <rect x={x} y={y + 4} width={width} height={26} rx="5" fill="#ea580c" />
        <text
          x={x + width / 2}
          y={y + 21}
          fontSize="10"
          fontWeight="600"
          fill="#ffffff"
          textAnchor="middle"
        >
          {spec.button}
        </text>
        <circle cx={x - 16} cy={y + 17} r="10" fill="#18181b" />
        <text
          x={x - 16}
          y={y + 21}
          fontSize="11"
          fontWeight="700"
          fill="#ffffff"
          textAnchor="middle"
        >
          {stepNumber}
        </text>
      </g>,
    );
  }

  return (
    <svg
      role="img"
      aria-label={label}
      width={ILLUSTRATION_WIDTH}
      height={height}
      viewBox={`0 0 ${ILLUSTRATION_WIDTH} ${height}`}
      className="h-auto max-w-full"
    >
      <rect
        x="0.5"
        y="0.5"
        width={ILLUSTRATION_WIDTH - 1}
        height={height - 1}
        rx="8"
        fill="#fafafa"
        stroke="#d4d4d8"
      />
      <path d={`M0.5 ${TITLE_BAR} H${ILLUSTRATION_WIDTH - 0.5}`} stroke="#d4d4d8" />
      <rect
        x="1"
        y="1"
        width={ILLUSTRATION_WIDTH - 2}
        height={TITLE_BAR - 1}
        rx="7"
        fill="#f4f4f5"
      />
      <circle cx="14" cy="13" r="4" fill="#f87171" />
      <circle cx="27" cy="13" r="4" fill="#fbbf24" />
      <circle cx="40" cy="13" r="4" fill="#4ade80" />
      <text x="56" y="17" fontSize="10" fill="#52525b">
        {clip(spec.breadcrumb, 64)}
      </text>
      {hasNav && (
        <g>
          <rect
            x="1"
            y={TITLE_BAR + 0.5}
            width={NAV_WIDTH}
            height={height - TITLE_BAR - 2}
            fill="#f4f4f5"
          />
          {spec.nav?.map((item, index) => {
            const active = item === spec.activeNav;
            const itemY = TITLE_BAR + 12 + index * 26;
            return (
              <g key={item}>
                {active && (
                  <rect x="8" y={itemY} width={NAV_WIDTH - 14} height="20" rx="4" fill="#ffedd5" />
                )}
                <text
                  x="16"
                  y={itemY + 14}
                  fontSize="9.5"
                  fontWeight={active ? '600' : '400'}
                  fill={active ? '#c2410c' : '#3f3f46'}
                >
                  {clip(item, 20)}
                </text>
              </g>
            );
          })}
        </g>
      )}
      {parts}
    </svg>
  );
}
