import { z } from 'zod';
import { collectionSchema, TAG_TYPES } from '../contracts/collections';

/**
 * manifest.json of a collection export (docs/import-export-format.md): the collection, the tags it carries, the
 * references it needs from the platform it lands on, and the attachments that travel with it.
 */
export const exportedTagSchema = z.object({
  id: z.string().min(1).max(64),
  tagName: z.string().min(1).max(100),
  tagType: z.enum(TAG_TYPES),
  hideTag: z.boolean(),
});
export type ExportedTag = z.infer<typeof exportedTagSchema>;

/** Resource kinds of importDataRequired: browser resources count as desktop ones (docs/decisions.md). */
export const RESOURCE_REFERENCE_TYPES = ['MobileDevice', 'DesktopDevice'] as const;

export const resourceReferenceSchema = z.object({
  /** The key in the collection's hybridDeviceIds. */
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  type: z.enum(RESOURCE_REFERENCE_TYPES),
});
export type ResourceReference = z.infer<typeof resourceReferenceSchema>;

export const namedReferenceSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
});
export type NamedReference = z.infer<typeof namedReferenceSchema>;

export const ATTACHMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const attachmentEntrySchema = z.object({
  id: z.string().regex(ATTACHMENT_ID_PATTERN),
  name: z.string().min(1).max(255),
  mediaType: z.string().min(1).max(255),
  size: z.number().int().min(0),
});
export type AttachmentEntry = z.infer<typeof attachmentEntrySchema>;

export const exportManifestSchema = z
  .object({
    exportedAt: z.string(),
    exportedBy: z.string(),
    collection: collectionSchema,
    /** Every tag of collection.tags and collection.version, so the importing organization can match them by name. */
    tags: z.array(exportedTagSchema).max(101),
    references: z.object({
      resources: z.array(resourceReferenceSchema).max(500),
      /** `${name}` placeholders the collection uses but does not set itself; id is the name. */
      variables: z.array(namedReferenceSchema).max(500),
      emailConfigs: z.array(namedReferenceSchema).max(100),
    }),
    attachments: z.array(attachmentEntrySchema).max(1000),
  })
  .superRefine((manifest, context) => {
    // Whatever the collection names must be described, or the importer could not match it.
    const described = new Set(manifest.tags.map((tag) => tag.id));
    const named = [...manifest.collection.tags, ...(manifest.collection.version === null ? [] : [manifest.collection.version])];
    for (const id of named.filter((tagId) => !described.has(tagId))) {
      context.addIssue({
        code: 'custom',
        path: ['tags'],
        message: `tag ${id} of the collection is not described`,
      });
    }
    const resources = new Set(manifest.references.resources.map((resource) => resource.id));
    for (const id of Object.keys(manifest.collection.hybridDeviceIds).filter((resourceId) => !resources.has(resourceId))) {
      context.addIssue({
        code: 'custom',
        path: ['references', 'resources'],
        message: `resource ${id} of the collection is not described`,
      });
    }
    const attachmentIds = manifest.attachments.map((attachment) => attachment.id);
    if (new Set(attachmentIds).size !== attachmentIds.length) {
      context.addIssue({
        code: 'custom',
        path: ['attachments'],
        message: 'attachment ids repeat',
      });
    }
  });
export type ExportManifest = z.infer<typeof exportManifestSchema>;
