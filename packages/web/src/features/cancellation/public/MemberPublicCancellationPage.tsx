import { useLoadedMembership } from '../../../lib/membership.ts';
import { PublicCancellationPage } from './PublicCancellationPage.tsx';

/**
 * /cancel-contract inside the shell: the same declaration, with what the portal knows filled
 * in. A file of its own, so the logged-out chunk does not load the membership query.
 */
export function MemberPublicCancellationPage() {
  const { profile, membership_number } = useLoadedMembership();
  return (
    <PublicCancellationPage
      level={2}
      defaults={{
        first_name: profile.first_name,
        last_name: profile.last_name,
        membership_number,
        confirmation_email: profile.email,
      }}
    />
  );
}
