import { type MapIcon, CHAPTERS as STORY_CHAPTERS } from "@cardrealm/content";

export type ChapterKey = MapIcon;

/** What the map needs of a story chapter (product.md section 2, "Story chapters"). */
export interface ChapterInfo {
  /** The map icon and art key: /static/media/chapter-{key}.svg. */
  key: ChapterKey;
  /** The user level needed to open it. */
  level: number;
  name: string;
  description: string;
  /** cpu1, cpu2, cpu3 opponent ids (empty for the promo chapter). */
  opponents: readonly number[];
  isPromo: boolean;
}

export const CHAPTERS: readonly ChapterInfo[] = STORY_CHAPTERS.map((c) => ({
  key: c.icon,
  level: c.level,
  name: c.name,
  description: c.description,
  opponents: c.opponents,
  isPromo: c.isPromo,
}));
