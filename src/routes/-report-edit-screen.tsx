import { useNavigate, useParams } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { ReportEditPage } from '../features/dashboards/pages/ReportEditPage';
import { UnsavedChangesGuard } from '../features/shell/components/UnsavedChangesGuard';
import { BLANK_REPORT_TYPE } from './-report-edit-loader';

export interface ReportEditScreenProps {
  /** BLANK for a new report, otherwise the id of the report to edit (part 3 §2 Route table). */
  type: string;
  layout?: string;
}

/**
 * The report editor of dashboards-edit/… and reportSaver/…, with the unsaved-changes guard mounted while it holds
 * unsaved work. Moves made by the editor itself (to the new report's address, to the list after Delete) skip the
 * guard: nothing is left unsaved then.
 */
export function ReportEditScreen({ type, layout }: ReportEditScreenProps) {
  const navigate = useNavigate();
  const [isDirty, setDirty] = useState(false);
  return (
    <>
      <ReportEditPage
        reportId={type === BLANK_REPORT_TYPE ? null : type}
        layout={layout}
        onDirtyChange={setDirty}
        onCreated={(id) =>
          void (layout === undefined
            ? navigate({ to: '/dashboards-edit/$type', params: { type: id }, replace: true, ignoreBlocker: true })
            : navigate({ to: '/dashboards-edit/$type/$layout', params: { type: id, layout }, replace: true, ignoreBlocker: true }))
        }
        onDeleted={() => void navigate({ to: '/dashboards', ignoreBlocker: true })}
      />
      {isDirty && <UnsavedChangesGuard />}
    </>
  );
}

/** The component of every editor route: dashboards-edit without a type is a blank report. */
export function ReportEditRoute(): ReactElement {
  const { type, layout } = useParams({ strict: false });
  return <ReportEditScreen type={type ?? BLANK_REPORT_TYPE} layout={layout} />;
}
