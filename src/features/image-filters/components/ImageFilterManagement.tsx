import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { required } from '../../../lib/validators';
import { SavedOfflineBadge } from '../../../offline/components/PendingChanges';
import { SAVED_OFFLINE_MESSAGE } from '../../../offline/pending-texts';
import { usePendingOverlay, usePendingRecords } from '../../../offline/queue-views';
import { useOfflineMutation } from '../../../offline/use-offline-mutation';
import { newClientRecordId } from '../../../shared/contracts/client-ids';
import { MESSAGES } from '../../../shared/constants';
import {
  IMAGE_FILTER_GROUP_KEYS,
  IMAGE_FILTER_SAVED_MESSAGE,
  IMAGE_FILTER_TYPES,
  type ImageFilter,
  type ImageFilterType,
} from '../../../shared/contracts/image-filters';
import { DataTable, type DataTableColumn, type DataTableValues } from '../../../ui/DataTable';
import { RadioGroup } from '../../../ui/RadioGroup';
import { toast } from '../../../ui/toast-queue';
import { imageFiltersQuery } from '../api/image-filters';
import { imageFilterRecord, saveImageFilterMutation } from '../api/save-image-filter';
import { IMAGE_FILTERS_LOAD_FAILED } from '../image-filter-messages';

const KIND_LABELS: Record<ImageFilterType, string> = {
  platform: 'Platforms',
  app: 'Apps',
  resolution: 'Resolutions',
  functionality: 'Functionalities',
};

function isImageFilterType(value: string): value is ImageFilterType {
  return (IMAGE_FILTER_TYPES as readonly string[]).includes(value);
}

/** The columns; a filter whose save waits offline is marked in its Id cell (the name cell names the row). */
function columnsMarking(pending: ReadonlySet<string>): DataTableColumn<ImageFilter>[] {
  return [
    { key: 'name', header: 'Name', editable: true, validate: (value) => required(value), isRowHeader: true },
    {
      key: 'id',
      header: 'Id',
      render: (filter) => (
        <>
          {filter.id} {pending.has(imageFilterRecord(filter.id)) && <SavedOfflineBadge />}
        </>
      ),
    },
  ];
}

/** Image Filter Management (spec part 1 §2): the filters of one kind, renamed inline, new ones added from the Add row. */
export function ImageFilterManagement() {
  const queryClient = useQueryClient();
  const filters = useQuery(imageFiltersQuery());
  const [kind, setKind] = useState<ImageFilterType>('platform');

  useEffect(() => {
    if (filters.isError) toast.error(IMAGE_FILTERS_LOAD_FAILED);
  }, [filters.isError, filters.errorUpdatedAt]);

  const saveFilter = useOfflineMutation(saveImageFilterMutation);
  const pending = usePendingRecords();
  const groups = usePendingOverlay(imageFiltersQuery().queryKey, filters.data);

  const save = async (filter: ImageFilter) => {
    try {
      const outcome = await saveFilter.mutateAsync(filter);
      if (outcome.state === 'queued') {
        // Saved offline: the table shows it (usePendingOverlay), marked, until the save reaches the server.
        toast.info(SAVED_OFFLINE_MESSAGE);
        return;
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
      throw error;
    }
    toast.success(IMAGE_FILTER_SAVED_MESSAGE);
    await queryClient.invalidateQueries({ queryKey: imageFiltersQuery().queryKey });
  };

  return (
    <section className="image-filters" aria-label="Image Filter Management">
      <RadioGroup
        label="Filter kind"
        options={IMAGE_FILTER_TYPES.map((id) => ({ id, label: KIND_LABELS[id] }))}
        value={kind}
        onChange={(value) => {
          if (isImageFilterType(value)) setKind(value);
        }}
      />
      <DataTable
        label={`${KIND_LABELS[kind]} filters`}
        columns={columnsMarking(pending)}
        rows={groups?.[IMAGE_FILTER_GROUP_KEYS[kind]] ?? []}
        onSave={(filter: ImageFilter, changes: DataTableValues) => save({ type: filter.type, id: filter.id, name: changes.name ?? '' })}
        onAdd={(values) => save({ type: kind, id: newClientRecordId(), name: values.name ?? '' })}
      />
    </section>
  );
}
