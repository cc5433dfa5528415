import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_REPORT_ELEMENTS, REPORT_TITLE_MAX, reportDraftSchema, type ReportDraft, type ReportElement } from '../../../shared/contracts/dashboards';
import { errorText } from '../../../lib/error-messages';
import { MESSAGES } from '../../../shared/constants';
import { APP_BASE_PATH } from '../../../shared/endpoints';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { deleteReport } from '../api/delete-report';
import { saveReport } from '../api/save-report';
import { isTimeFrameValid } from '../../../lib/time-frame';
import { AddElementButtons } from './AddElementButtons';
import { ElementCard } from './ElementCard';
import { ElementEditor } from './ElementEditor';
import { duplicateElement, isDraftChanged, newElement, REPORT_TITLE_PLACEHOLDER, removeElement, resizeElement, upsertElement } from './report-draft';
import { ReportSettingsPanel } from './ReportSettingsPanel';
import './report-editor.css';

export const REPORT_EDITOR_TEXT = {
  saved: 'Report saved',
  removePrompt: (title: string) => `Remove the report '${title}'? Its published view goes too.`,
} as const;

/** Where Publish opens a saved report: its published view (part 3 §2 Report list and report view). */
export const publishedReportPath = (id: string): string => `${APP_BASE_PATH}/dashboards/${encodeURIComponent(id)}`;

interface Editing {
  element: ReportElement;
  isNew: boolean;
}

export interface ReportEditorProps {
  /** The saved report's id, or null for a report never saved. */
  id: string | null;
  initial: ReportDraft;
  orgId: string;
  /** The size new elements take ({layout} of the route). */
  newElementSize: ReportElement['size'];
  onDirtyChange?: (isDirty: boolean) => void;
  /** After the first save of a new report: the route moves to its address. */
  onCreated?: (id: string) => void;
  onDeleted?: () => void;
}

/**
 * The report create and edit screen (part 3 §2): the title, the settings, the elements with their tools and the
 * add-element buttons; or, instead of all that, the one element being edited. Save and Publish save the whole report.
 */
export function ReportEditor({ id: initialId, initial, orgId, newElementSize, onDirtyChange, onCreated, onDeleted }: ReportEditorProps) {
  const queryClient = useQueryClient();
  const [id, setId] = useState(initialId);
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const isDirty = editing !== null || isDraftChanged(draft, saved);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const setElements = (elements: ReportElement[]) => setDraft({ ...draft, elements });

  async function save(): Promise<string | null> {
    const parsed = reportDraftSchema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'The report cannot be saved';
      if (parsed.error.issues.some((issue) => issue.path[0] === 'title')) setTitleError(message);
      toast.error(message);
      return null;
    }
    setBusy(true);
    try {
      const savedId = await saveReport(queryClient, parsed.data, id);
      setDraft(parsed.data);
      setSaved(parsed.data);
      setId(savedId);
      toast.success(REPORT_EDITOR_TEXT.saved);
      if (id === null) onCreated?.(savedId);
      return savedId;
    } catch (error) {
      toast.error(errorText(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function publish() {
    const savedId = await save();
    // noopener: the published view must not be able to steer this editor's window.
    if (savedId !== null) window.open(publishedReportPath(savedId), '_blank', 'noopener');
  }

  async function remove() {
    setConfirmingDelete(false);
    if (id === null) return;
    setBusy(true);
    try {
      toast.success(await deleteReport(queryClient, id));
      setSaved(draft);
      onDeleted?.();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const hasElements = draft.elements.length > 0;
  const isFull = draft.elements.length >= MAX_REPORT_ELEMENTS;
  return (
    <div className="report-editor">
      <header className="report-editor__header">
        <TextField
          label="Report title"
          placeholder={REPORT_TITLE_PLACEHOLDER}
          value={draft.title}
          maxLength={REPORT_TITLE_MAX}
          errorMessage={titleError}
          onChange={(title) => {
            setTitleError(undefined);
            setDraft({ ...draft, title });
          }}
        />
        <div className="report-editor__actions">
          <Button variant="primary" onPress={() => void save()} isDisabled={isBusy || editing !== null}>
            Save
          </Button>
          <Button onPress={() => void publish()} isDisabled={isBusy || editing !== null}>
            Publish
          </Button>
          {id !== null && (
            <Button variant="danger" onPress={() => setConfirmingDelete(true)} isDisabled={isBusy || editing !== null}>
              Delete report
            </Button>
          )}
        </div>
      </header>
      {editing ? (
        <ElementEditor
          key={editing.element.id}
          element={editing.element}
          isNew={editing.isNew}
          orgId={orgId}
          settings={draft.settings}
          onCancel={() => setEditing(null)}
          onSave={(element) => {
            setElements(upsertElement(draft.elements, element));
            setEditing(null);
          }}
        />
      ) : (
        <>
          <ReportSettingsPanel orgId={orgId} value={draft.settings} onChange={(settings) => setDraft({ ...draft, settings })} isLocked={hasElements} />
          {isTimeFrameValid(draft.settings.timeFrame) && (
            <AddElementButtons isFull={isFull} onAdd={(type) => setEditing({ element: newElement(type, newElementSize), isNew: true })} />
          )}
          <div className="report-editor__elements">
            {draft.elements.map((element, index) => (
              <ElementCard
                key={element.id}
                element={element}
                position={index + 1}
                orgId={orgId}
                settings={draft.settings}
                onEdit={() => setEditing({ element, isNew: false })}
                onDelete={() => setElements(removeElement(draft.elements, element.id))}
                onDuplicate={() => setElements(duplicateElement(draft.elements, element.id))}
                onResize={(size) => setElements(resizeElement(draft.elements, element.id, size))}
                canDuplicate={!isFull}
              />
            ))}
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={confirmingDelete}
        title={MESSAGES.confirmTitle}
        message={REPORT_EDITOR_TEXT.removePrompt(saved.title)}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </div>
  );
}
