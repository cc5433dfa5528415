import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { visibleError } from '../../../lib/error-messages';
import { namePattern, required, validate } from '../../../lib/validators';
import type { PendingImport } from '../../../offline/db';
import { deviceOptionNameOf, type DevicesResponse } from '../../../shared/contracts/devices';
import { COLLECTION_UPDATED_MESSAGE, importDataKindOf, type ImportDataRequiredItem, type StatusProcess } from '../../../shared/contracts/importexport';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Select, type SelectOption } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { importExportKeys } from '../api/importexport-keys';
import { afterPendingUpdate } from '../api/pending-imports';
import { updatePendingImport } from '../api/update-pending-import';
import './importexport.css';

/** The registered resources (Resource Management's list, passed in by the route) as a query left them. */
export interface ResourceListState {
  data: DevicesResponse['data'] | undefined;
  status: 'pending' | 'error' | 'success';
}

const NO_RESOURCE_PLACEHOLDER: Record<ResourceListState['status'], string> = {
  pending: 'Loading resources…',
  error: 'The resource list could not be loaded.',
  success: 'No resource of this type is registered.',
};

/** Resources that can stand in for a missing one: mobile for MobileDevice; desktop and browser (both run on a desktop) for DesktopDevice. */
function resourceOptions(lists: ResourceListState['data'], type: ImportDataRequiredItem['type']): SelectOption[] {
  if (!lists) return [];
  const devices = type === 'MobileDevice' ? lists.mobileDevices : [...lists.desktopDevices, ...lists.browserDevices];
  // Spec part 1 §3: a device option takes its name from customName and its value from deviceId.
  return devices.map((device) => ({ id: device.deviceId, label: deviceOptionNameOf(device) }));
}

function fieldLabel(item: ImportDataRequiredItem): string {
  switch (importDataKindOf(item.id)) {
    case 'device':
      return `${item.type === 'MobileDevice' ? 'Mobile' : 'Desktop'} resource for ${item.name}`;
    case 'variable':
      return `Variable ${item.name}`;
    case 'emailconfig':
      return `E-mail configuration ${item.name}`;
    default:
      return item.name;
  }
}

const isResource = (item: ImportDataRequiredItem) => item.type === 'MobileDevice' || item.type === 'DesktopDevice';

/** A missing resource has no counterpart here by definition, so it starts unchosen; names start as the export had them. */
function initialValue(item: ImportDataRequiredItem): string {
  return isResource(item) ? '' : item.currentData;
}

/** Spec part 1 §5: each dataUpdated data is required; the collection name also follows the name rule. */
function fieldError(item: ImportDataRequiredItem, value: string): string | null {
  return importDataKindOf(item.id) === 'collection' ? validate(value, required, namePattern) : validate(value, required);
}

/** The server's reasons per item: its fieldErrors are keyed `dataUpdated.<index>.data` in the order sent. */
function serverErrorsOf(error: unknown, items: readonly ImportDataRequiredItem[]): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const fieldErrors = error.fieldErrors;
  return Object.fromEntries(
    items.flatMap((item, index) => {
      const reason = fieldErrors[`dataUpdated.${index}.data`]?.[0];
      return reason ? [[item.id, reason]] : [];
    }),
  );
}

export interface UpdateDetailModalProps {
  pending: PendingImport;
  resources: ResourceListState;
  onClose: () => void;
}

/** 'Update Detail - {name}' (spec part 1 §2): one field per importDataRequired item, then the PUT of §7. */
export function UpdateDetailModal({ pending, resources, onClose }: UpdateDetailModalProps) {
  const queryClient = useQueryClient();
  const items = pending.importDataRequired;
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(items.map((item) => [item.id, initialValue(item)])));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const valueOf = (item: ImportDataRequiredItem) => values[item.id] ?? initialValue(item);

  const update = useMutation({
    mutationFn: () =>
      updatePendingImport(
        { importId: pending.importId, action: 'UPDATE', dataUpdated: items.map((item) => ({ id: item.id, data: valueOf(item).trim() })) },
        pending.name,
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<StatusProcess[]>(importExportKeys.status(), (processes) => processes && afterPendingUpdate(processes, pending.importId, data));
      void queryClient.invalidateQueries({ queryKey: importExportKeys.status() });
      if (data.importComplete) {
        toast.success(COLLECTION_UPDATED_MESSAGE);
        onClose();
      } else {
        toast.error(data.importMessage);
      }
    },
    onError: (error) => {
      setServerErrors(serverErrorsOf(error, items));
      // The server's reason, or '{name} Update Failed' (update-pending-import.ts).
      toast.error(error.message);
    },
  });

  const change = (item: ImportDataRequiredItem, value: string) => {
    setValues((previous) => ({ ...previous, [item.id]: value }));
    setServerErrors(({ [item.id]: _dropped, ...others }) => others);
  };
  const touch = (item: ImportDataRequiredItem) => setTouched((previous) => new Set(previous).add(item.id));

  const save = () => {
    setTouched(new Set(items.map((item) => item.id)));
    if (items.some((item) => fieldError(item, valueOf(item)))) return;
    update.mutate();
  };

  const errorOf = (item: ImportDataRequiredItem) =>
    visibleError(fieldError(item, valueOf(item)), touched.has(item.id)) ?? serverErrors[item.id] ?? undefined;

  return (
    <Dialog
      title={`Update Detail - ${pending.name}`}
      isOpen
      onDismiss={onClose}
      footer={
        <>
          <Button onPress={onClose}>Close</Button>
          <Button variant="primary" onPress={save} isDisabled={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <p>{pending.message}</p>
      <div className="update-detail__fields">
        {items.map((item) => {
          if (!isResource(item)) {
            return (
              <TextField
                key={item.id}
                label={fieldLabel(item)}
                value={valueOf(item)}
                onChange={(value) => change(item, value)}
                onBlur={() => touch(item)}
                isRequired
                errorMessage={errorOf(item)}
              />
            );
          }
          const options = resourceOptions(resources.data, item.type);
          return (
            <Select
              key={item.id}
              label={fieldLabel(item)}
              options={options}
              placeholder={options.length > 0 ? 'Select a resource' : NO_RESOURCE_PLACEHOLDER[resources.status]}
              selectedKey={valueOf(item) || null}
              onSelectionChange={(id) => change(item, id ?? '')}
              onBlur={() => touch(item)}
              isDisabled={options.length === 0}
              isRequired
              errorMessage={errorOf(item)}
            />
          );
        })}
      </div>
    </Dialog>
  );
}
