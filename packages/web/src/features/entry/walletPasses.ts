import { API_BASE, ErrorResponse } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

/**
 * GET /v1/membership/wallet/apple: the signed pass fetched with the session's token and
 * handed to the browser as a .pkpass file, which Safari on an iPhone opens in Wallet
 * (docs/access-and-pins.md, "Wallet passes").
 */
export async function downloadApplePass(): Promise<void> {
  const url = `${API_BASE}/v1/membership/wallet/apple`;
  const token = session.token;
  const response = await fetch(url, {
    headers: {
      Accept: 'application/vnd.apple.pkpass, application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) {
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw new ErrorResponse(response.status, body, 'GET', url);
  }
  const file = new Blob([await response.arrayBuffer()], { type: 'application/vnd.apple.pkpass' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = 'membership.pkpass';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
