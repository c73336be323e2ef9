import { z } from 'zod';

export const Highlight = z.object({
  type: z.string(),
  title: z.string(),
  content: z.string(),
  statuses: z.array(z.string()).optional(),
  external_url: z.string().optional(),
  internal_url: z.string().optional(),
});
export type Highlight = z.infer<typeof Highlight>;

export const ArticleTeaser = z.object({
  imageURL: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
});
export type ArticleTeaser = z.infer<typeof ArticleTeaser>;
