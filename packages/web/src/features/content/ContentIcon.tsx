/** Line icons in the style of the menu's (24 × 24, round strokes): one per highlight type, a default for others. */
const PATHS: Record<string, string> = {
  news: 'M4 10v4a1 1 0 0 0 1 1h2l6 4V5L7 9H5a1 1 0 0 0-1 1zm13-1.5a5 5 0 0 1 0 7M7 15l1 5',
  opening_hours: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zm0 4.5V12l3 2',
  freeze_reminder:
    'M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9M9.5 4.5 12 7l2.5-2.5M9.5 19.5 12 17l2.5 2.5M4 11l2.6 1.5L4 14M20 11l-2.6 1.5L20 14',
  referral:
    'M4 11h16v9H4zM3 7h18v4H3zm9 0v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9.5 7 12 7zm0 0c1.5-3 5-3.5 5-1.2C17 7 14.5 7 12 7z',
  other: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zm0 8v5.5m0-9h.01',
};

/** Decorative: the highlight's title says what it is. */
export function HighlightIcon({ type }: { type: string }) {
  return <Icon d={PATHS[type] ?? PATHS.other!} size={24} />;
}

/** Marks a link that leaves the portal (its text says so to screen readers). */
export function ExternalIcon() {
  return <Icon d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" size={16} />;
}

function Icon({ d, size }: { d: string; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
