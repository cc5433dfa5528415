import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';

/** The four kinds of image filter (spec part 1 §3), and the key each kind has in the getImagesFilters answer. */
export const IMAGE_FILTER_TYPES = ['platform', 'app', 'resolution', 'functionality'] as const;
export type ImageFilterType = (typeof IMAGE_FILTER_TYPES)[number];

export const IMAGE_FILTER_GROUP_KEYS = {
  platform: 'platforms',
  app: 'apps',
  resolution: 'resolutions',
  functionality: 'functionalities',
} as const satisfies Record<ImageFilterType, string>;

export const imageFilterSchema = z.object({
  id: z.string(),
  type: z.enum(IMAGE_FILTER_TYPES),
  name: z.string(),
});
export type ImageFilter = z.infer<typeof imageFilterSchema>;

/** The parsed `data` string of GET {automation}/files/getImagesFilters. */
export const imageFilterGroupsSchema = z.object({
  platforms: z.array(imageFilterSchema),
  apps: z.array(imageFilterSchema),
  resolutions: z.array(imageFilterSchema),
  functionalities: z.array(imageFilterSchema),
});
export type ImageFilterGroups = z.infer<typeof imageFilterGroupsSchema>;

/** The answer carries the groups as a JSON string (spec part 1 §7); parse it with imageFilterGroupsSchema. */
export const imageFiltersResponseSchema = z.object({ status: z.literal(true), data: z.string() });

/** POST {automation}/files/createFilter query: a new filter, or with `id` a renamed one. */
export const saveImageFilterQuerySchema = z.object({
  type: z.enum(IMAGE_FILTER_TYPES),
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
  id: z.string().trim().min(1).max(64).optional(),
});
export type SaveImageFilterQuery = z.infer<typeof saveImageFilterQuerySchema>;

export const IMAGE_FILTER_SAVED_MESSAGE = 'Image Filter Saved';

export function imageFilterNotFoundMessage(id: string): string {
  return `Image filter ${id} not found`;
}

export function duplicateImageFilterMessage(type: ImageFilterType, name: string): string {
  return `A ${type} filter named '${name}' already exists.`;
}

export const imageFilterSavedResponseSchema = z.object({ status: z.literal(true), message: z.string(), data: imageFilterSchema });
