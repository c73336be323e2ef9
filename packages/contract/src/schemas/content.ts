import { z } from 'zod/mini';
import { IsoDateTime, Locale } from './common.ts';

export const Highlight = z.object({
  type: z.string(),
  title: z.string(),
  content: z.string(),
  statuses: z.optional(z.array(z.string())),
  external_url: z.optional(z.string()),
  internal_url: z.optional(z.string()),
});
export type Highlight = z.infer<typeof Highlight>;

export const ArticleTeaser = z.object({
  imageURL: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
});
export type ArticleTeaser = z.infer<typeof ArticleTeaser>;

export const ContentQuery = z.strictObject({ locale: z.optional(Locale) });

/**
 * GET /v1/content (docs/home-content.md): what home shows
 * the signed-in member, in the asked locale's language (else the operator's default), the
 * highlights already filtered by the member's status.
 */
export const HomeContent = z.object({
  highlights: z.array(Highlight),
  articles: z.array(ArticleTeaser),
});
export type HomeContent = z.infer<typeof HomeContent>;

/** The PT provider's two widgets (docs/personal-training.md): the package buy widget (home, /offers) and the booking widget (/pt). */
export const PtWidgetKind = z.enum(['package_buy', 'booking']);
export type PtWidgetKind = z.infer<typeof PtWidgetKind>;

export const PtWidgetRequest = z.strictObject({ widget: PtWidgetKind });

/**
 * POST /v1/pt/widget_session (our design): where the PT provider's frame page is and a
 * short-lived token signed for this member and widget, which the portal hands to the
 * frame by postMessage instead of the portal's session token (docs/personal-training.md,
 * ADR 032).
 */
export const PtWidgetSession = z.object({
  widget: PtWidgetKind,
  /** Address of the provider's frame page (absolute, or a path on the portal's origin for the sandbox). */
  frame_url: z.string(),
  token: z.string(),
  expires_at: IsoDateTime,
});
export type PtWidgetSession = z.infer<typeof PtWidgetSession>;
