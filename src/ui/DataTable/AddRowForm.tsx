import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { visibleError } from '../../lib/error-messages';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { validationErrors } from './table-data';
import type { DataTableColumn, DataTableRow, DataTableValues } from './types';

export interface AddRowFormProps<Row extends DataTableRow> {
  /** Names the form for screen readers, e.g. 'New Variables row'. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  onAdd: (values: DataTableValues) => Promise<void>;
  onClose: () => void;
}

/** The inline form of a new row: leaving it or pressing Save adds the row when valid; Cancel or Escape drops it. */
export function AddRowForm<Row extends DataTableRow>({ label, columns, onAdd, onClose }: AddRowFormProps<Row>) {
  const [values, setValues] = useState<DataTableValues>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [saving, setSaving] = useState(false);
  // Leaving the form and pressing Save arrive together; the row must be added once.
  const submitted = useRef(false);
  const errors = validationErrors(columns, values);

  async function save(): Promise<void> {
    if (submitted.current) return;
    if (Object.keys(errors).length > 0) {
      setTouched(new Set(columns.map((column) => column.key)));
      return;
    }
    submitted.current = true;
    setSaving(true);
    try {
      await onAdd(values);
      onClose();
    } catch {
      // The owner reports the failure; the form keeps what was typed so it can be saved again.
      submitted.current = false;
      setSaving(false);
    }
  }

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const leftForm = !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget));
    // Tabbing past an untouched form is not an attempt to add a row.
    if (leftForm && touched.size > 0) void save();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') onClose();
    if (event.key === 'Enter') void save();
  };

  return (
    <div role="group" aria-label={label} className="data-table__add-form" onBlur={onBlur} onKeyDown={onKeyDown}>
      {columns.map((column, index) => (
        <TextField
          key={column.key}
          label={column.header}
          value={values[column.key] ?? ''}
          onChange={(value) => {
            setValues((previous) => ({ ...previous, [column.key]: value }));
            setTouched((previous) => new Set(previous).add(column.key));
          }}
          errorMessage={visibleError(errors[column.key] ?? null, touched.has(column.key)) ?? undefined}
          isReadOnly={saving}
          autoFocus={index === 0}
        />
      ))}
      <div className="data-table__add-actions">
        <Button variant="primary" onPress={() => void save()} isDisabled={saving}>
          Save
        </Button>
        <Button onPress={onClose} isDisabled={saving}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
