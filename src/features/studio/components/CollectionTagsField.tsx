import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrorText } from '../../../lib/error-messages';
import { FIELD_ERROR_KEYS, ORGANIZATION_TAG, saveTagRequestSchema, VERSION_TAG, type Collection, type Tag, type TagType } from '../../../shared/contracts/collections';
import { Button } from '../../../ui/Button';
import { RadioGroup } from '../../../ui/RadioGroup';
import { MultiSelect, Select, type SelectOption } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { saveTag, tagsQuery } from '../api/tags';
import { studioKeys } from '../api/studio-keys';

const NO_VERSION = '';
const NEW_TAG_TYPES = [
  { id: ORGANIZATION_TAG, label: 'Tag' },
  { id: VERSION_TAG, label: 'Version' },
] as const;

/** Tags of `type` a collection may be given: the visible ones, plus any it already carries (so they can be removed). */
export function tagOptions(tags: readonly Tag[], type: TagType, chosen: readonly string[]): SelectOption[] {
  const offered = tags.filter((tag) => tag.tagType === type && (!tag.hideTag || chosen.includes(tag.id)));
  const known = new Set(tags.map((tag) => tag.id));
  const unknown = chosen.filter((id) => !known.has(id)).map((id) => ({ id, label: `${id} (not found)` }));
  return [...offered.map((tag) => ({ id: tag.id, label: tag.tagName })), ...unknown];
}

export interface CollectionTagsFieldProps {
  collection: Pick<Collection, 'tags' | 'version'>;
  onChange: (patch: Pick<Collection, 'tags' | 'version'>) => void;
}

/**
 * The collection's tags (organization tag ids) and version (a version tag id) of spec part 1 §3, with a way to create
 * a tag through saveTag; a new tag is given to the collection at once.
 */
export function CollectionTagsField({ collection, onChange }: CollectionTagsFieldProps) {
  const queryClient = useQueryClient();
  const { data: tags = [] } = useQuery(tagsQuery());
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<TagType>(ORGANIZATION_TAG);
  const [nameError, setNameError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const versionChosen = collection.version === null ? [] : [collection.version];

  const create = async () => {
    const request = saveTagRequestSchema.safeParse({ tagName: newName, tagType: newType });
    if (!request.success) {
      setNameError(errorMessage(request.error.issues[0]?.message ?? FIELD_ERROR_KEYS.required));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveTag(request.data);
      toast.success(saved.message);
      queryClient.setQueryData(studioKeys.tags(), (previous: Tag[] | undefined) => [...(previous ?? []), saved.data]);
      void queryClient.invalidateQueries({ queryKey: studioKeys.tags() });
      onChange(saved.data.tagType === VERSION_TAG ? { tags: collection.tags, version: saved.data.id } : { tags: [...collection.tags, saved.data.id], version: collection.version });
      setNewName('');
    } catch (error) {
      setNameError(fieldErrorText(error, 'tagName'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset className="studio-tags">
      <legend>Tags and version</legend>
      <MultiSelect
        label="Tags"
        placeholder="No tags"
        options={tagOptions(tags, ORGANIZATION_TAG, collection.tags)}
        selectedKeys={collection.tags}
        onSelectionChange={(ids) => onChange({ tags: ids, version: collection.version })}
      />
      <Select
        label="Version"
        options={[{ id: NO_VERSION, label: 'No version' }, ...tagOptions(tags, VERSION_TAG, versionChosen)]}
        selectedKey={collection.version ?? NO_VERSION}
        onSelectionChange={(id) => id !== null && onChange({ tags: collection.tags, version: id === NO_VERSION ? null : id })}
      />
      <div className="studio-row studio-tags__new" role="group" aria-label="New tag">
        <TextField
          label="New tag name"
          value={newName}
          onChange={(value) => {
            setNewName(value);
            setNameError(undefined);
          }}
          maxLength={100}
          errorMessage={nameError}
        />
        <RadioGroup label="Kind" options={NEW_TAG_TYPES} value={newType} onChange={(id) => setNewType(id === VERSION_TAG ? VERSION_TAG : ORGANIZATION_TAG)} />
        <Button onPress={() => void create()} isDisabled={isSaving || newName.trim() === ''}>
          Create tag
        </Button>
      </div>
    </fieldset>
  );
}
