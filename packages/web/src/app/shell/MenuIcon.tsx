import type { MenuItem } from '@portal/domain';

const PATHS: Record<MenuItem, string> = {
  home: 'M4 11.5 12 5l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z',
  payment: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 3h18M7 15h4',
  referral:
    'M4 11h16v9H4zM3 7h18v4H3zm9 0v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9.5 7 12 7zm0 0c1.5-3 5-3.5 5-1.2C17 7 14.5 7 12 7z',
  offers: 'M3 12V4h8l10 10-8 8zM7.5 8.5h.01',
  pt: 'M6 8v8M18 8v8M3 10v4M21 10v4M6 12h12',
  membership:
    'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm4 4a2 2 0 1 0 4 0 2 2 0 1 0-4 0m-1 6c.6-1.8 2-2.5 3-2.5s2.4.7 3 2.5m3-7h3m-3 3h3',
  contact: 'M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5',
};

export function MenuIcon({ item }: { item: MenuItem }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={PATHS[item]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
