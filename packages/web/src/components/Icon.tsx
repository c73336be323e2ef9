import type { IconNode } from 'lucide';
import { createElement } from 'react';

/**
 * The portal's one icon set is Lucide (docs/design.md, ADR 018): a component imports the
 * drawing it needs by name from `lucide` (plain data, so each page's chunk carries only its
 * own icons) and draws it with this component, instead of lucide-react's runtime, which the
 * login's JavaScript budget has no room for. Decorative (aria-hidden): the text beside an
 * icon says what it means. No hand-drawn icons beside it.
 */
export function Icon({
  node,
  size = 24,
  strokeWidth = 2,
  className,
}: {
  node: IconNode;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
