import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { toast } from '../../../ui/toast-queue';
import { SavedOfflineBadge } from '../../../offline/components/PendingChanges';
import { SAVED_OFFLINE_MESSAGE } from '../../../offline/pending-texts';
import { useAppOfflineQueues } from '../../../offline/offline-queues';
import { useHasPendingChanges, usePendingOverlay, useRefusedChanges } from '../../../offline/queue-views';
import { useOfflineMutation } from '../../../offline/use-offline-mutation';
import {
  COLLECTION_OPENED_MESSAGE,
  COLLECTION_SAVED_MESSAGE,
  isNewCollectionId,
  type Collection,
} from '../../../shared/contracts/collections';
import { collectionsListQuery } from '../api/collections-list';
import { keepCollection } from '../api/load-collection';
import { openCollection } from '../api/open-collection';
import { collectionRecord, saveCollectionMutation } from '../api/save-collection';
import { studioKeys } from '../api/studio-keys';
import { useRunCollection } from '../api/use-run-collection';
import { collectionProblemCount, emptyCollection, resourceTypeChangeNeedsConfirmation, toSaveDocument, withResourceType } from '../collection-document';
import { CollectionToolbar } from '../components/CollectionToolbar';
import { FlowConfigurationPanel, type CollectionField } from '../components/FlowConfigurationPanel';
import { FlowEditor } from '../components/FlowEditor';
import type { ResourceListState } from '../components/ResourceChooser';
import { RunChoiceDialog } from '../components/RunChoiceDialog';
import { isUnsavedWarningDisabled } from '../../../lib/unsaved-warning';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { UnsavedChangesDialog } from '../../../ui/UnsavedChangesDialog';
import { setStudioDirty } from '../studio-dirty';
import { StepFeedbackContext, stepFieldErrorsOf, useStepFeedbackState } from '../step-feedback';
import { useSaveShortcut } from '../use-save-shortcut';
import { useFlowQuarantine } from '../use-flow-quarantine';
import { STUDIO_MESSAGES } from '../studio-messages';
import '../studio.css';

const FORM_FIELDS: readonly CollectionField[] = ['testSuiteName', 'suiteNotifyEmails'];

/** Server field errors of the form's own fields, as display texts. */
function formFieldErrors(error: unknown): Partial<Record<CollectionField, string>> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const fieldErrors = error.fieldErrors;
  return Object.fromEntries(
    FORM_FIELDS.flatMap((field) => {
      const key = fieldErrors[field]?.[0];
      return key ? [[field, errorMessage(key)]] : [];
    }),
  );
}

interface Editing {
  collection: Collection;
  /** The document as last opened or saved, to tell unsaved edits. */
  saved: string;
  /** When its last save was kept offline: a refusal of that save on replay makes the document unsaved again. */
  keptOfflineAt?: number;
}

function editing(collection: Collection): Editing {
  return { collection, saved: JSON.stringify(collection) };
}

/** The collection list with a collection saved offline in it (added, or its row replaced), so it can be picked. */
export interface StudioPageProps {
  /** The registered resources (Resource Management's device list), for the collection's resource choice. */
  resources: ResourceListState;
  /** Toolbar buttons of other features, given the open collection (null while none is open or a new one is unsaved). */
  toolbarExtras?: (open: { id: string; name: string } | null) => ReactNode;
  /** Told the status id of each run Run started, so the routes layer can show it at once and tell its end. */
  onRunStarted?: (statusId: string) => void;
  /** Another feature's view of a saved collection's flow history, given its id (issue 29). */
  flowHistory?: (collectionId: string) => ReactNode;
}

/** The Studio screen (spec part 1 §2): pick, open, edit, save and run a collection. */
export function StudioPage({ resources, toolbarExtras, onRunStarted, flowHistory }: StudioPageProps) {
  const queryClient = useQueryClient();
  const { outbox, db } = useAppOfflineQueues();
  const collections = useQuery(collectionsListQuery());
  const listed = usePendingOverlay(collectionsListQuery().queryKey, collections.data);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [current, setCurrent] = useState<Editing | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<CollectionField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<CollectionField, string>>>({});
  const [pendingResourceType, setPendingResourceType] = useState<Collection['deviceType'] | null>(null);
  /** Open or New, held while the unsaved-data dialog asks whether to drop the edits. */
  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const stepFeedback = useStepFeedbackState();
  /** Run pressed with unsaved edits: the collection whose run waits for the user's choice (issue 27). */
  const [runChoiceFor, setRunChoiceFor] = useState<string | null>(null);
  /** Where focus goes once the editor has rendered what an action changed (the action also changes state). */
  const focusRequest = useRef<'name' | 'first-problem' | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const nameInputRef = useRef<HTMLInputElement>(null);

  const currentRecord = current ? collectionRecord(current.collection.id) : '';
  /** The collection being edited, as a save that ends later needs to see it. */
  const editingIdRef = useRef<string | null>(null);
  useEffect(() => {
    editingIdRef.current = current?.collection.id ?? null;
  }, [current]);
  const waitsToSync = useHasPendingChanges(currentRecord, db);
  const refusals = useRefusedChanges(db);
  const keptOfflineAt = current?.keptOfflineAt;
  // The server refused what was saved offline: the document on screen is not saved, so leaving it asks first.
  const refusedSinceKept = keptOfflineAt !== undefined && refusals.some((refusal) => refusal.record === currentRecord && refusal.refusedAt >= keptOfflineAt);
  const isDirty = current !== null && (JSON.stringify(current.collection) !== current.saved || refusedSinceKept);
  useEffect(() => setStudioDirty(isDirty), [isDirty]);
  useEffect(() => () => setStudioDirty(false), []);
  const problemCount = current ? collectionProblemCount(current.collection) : 0;
  const canSave = current !== null && problemCount === 0;
  /** Export reads the server's copy: a collection made here has one once it is listed and none of its saves waits to sync. */
  const isOnServer =
    current !== null &&
    (!isNewCollectionId(current.collection.collectionId) || (!waitsToSync && (collections.data ?? []).some((listed) => listed.id === current.collection.id)));

  const flowQuarantine = useFlowQuarantine(current && isOnServer ? current.collection.id : null, current?.saved);

  const startEditing = (collection: Collection) => {
    setCurrent(editing(collection));
    setTouched(new Set());
    setServerErrors({});
    stepFeedback.reset();
  };

  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    if (request === 'name') nameInputRef.current?.focus();
    else pageRef.current?.querySelector<HTMLElement>('.studio-editor [aria-invalid="true"]')?.focus();
  });

  /** Marks every problem of the open collection and moves focus to the first. */
  const showProblems = () => {
    stepFeedback.showAll();
    setTouched(new Set(FORM_FIELDS));
    focusRequest.current = 'first-problem';
  };

  const open = useMutation({
    mutationFn: (id: string) => openCollection(queryClient, outbox, id),
    // Offline, Open shows the waiting or kept copy instead of pausing until the network returns.
    networkMode: 'always',
    onSuccess: (collection) => {
      startEditing(collection);
      toast.success(COLLECTION_OPENED_MESSAGE);
    },
    onError: (error) => toast.error(error.message),
  });

  /** Saved offline: the form keeps the user's document, no longer unsaved, marked until it syncs. */
  const keptOffline = (onScreen: Collection) => {
    setCurrent((previous) => (previous?.collection.id === onScreen.id ? { ...previous, saved: JSON.stringify(onScreen), keptOfflineAt: Date.now() } : previous));
    toast.info(SAVED_OFFLINE_MESSAGE);
  };

  const saveMutation = useOfflineMutation(saveCollectionMutation, {
    onError: (error, sent) => {
      setServerErrors(formFieldErrors(error));
      const stepErrors = stepFieldErrorsOf(error, sent);
      stepFeedback.refused(stepErrors);
      // The fields say what is wrong; the server's message, or the spec's fallback (save-collection.ts), otherwise.
      toast.error(stepErrors.size > 0 ? STUDIO_MESSAGES.completeFields : error.message);
    },
  });

  /** Saves what the screen shows; `thenRun` runs the collection once the server has it (Save and run). */
  const save = (onScreen: Collection, thenRun?: (id: string) => void) => {
    const document = toSaveDocument(onScreen);
    // A save can take a while on a weak link: what the user picked or opened meanwhile stays as they left it.
    const selectedAtSave = selectedId;
    const selectSaved = (id: string) => setSelectedId((now) => (now === selectedAtSave ? id : now));
    saveMutation.mutate(document, {
      onSuccess: (outcome) => {
        if (outcome.state === 'queued') {
          keptOffline(onScreen);
          selectSaved(document.id);
          if (thenRun) toast.info(STUDIO_MESSAGES.runAfterSync);
          return;
        }
        const { data } = outcome.data;
        if (editingIdRef.current === onScreen.id) startEditing(data);
        selectSaved(data.id);
        void keepCollection(queryClient, data);
        toast.success(COLLECTION_SAVED_MESSAGE);
        void queryClient.invalidateQueries({ queryKey: studioKeys.collections() });
        thenRun?.(data.id);
      },
    });
  };

  const run = useRunCollection(onRunStarted);

  /** Run: the stored collection runs, so unsaved edits of it on screen ask first (issue 27). */
  const requestRun = () => {
    if (!selectedId) return;
    if (isDirty && current?.collection.id === selectedId) {
      if (!canSave) showProblems();
      setRunChoiceFor(selectedId);
    } else {
      run.mutate(selectedId);
    }
  };

  const saveAndRun = () => {
    setRunChoiceFor(null);
    if (current) save(current.collection, (id) => run.mutate(id));
  };

  const runSaved = () => {
    if (runChoiceFor) run.mutate(runChoiceFor);
    setRunChoiceFor(null);
  };

  const edit = (collection: Collection) => {
    setCurrent((previous) => previous && { ...previous, collection });
    setServerErrors({});
    stepFeedback.edited();
  };

  const changeResourceType = (deviceType: Collection['deviceType']) => {
    if (!current) return;
    if (resourceTypeChangeNeedsConfirmation(current.collection)) setPendingResourceType(deviceType);
    else edit({ ...current.collection, deviceType });
  };

  const confirmResourceType = () => {
    if (current && pendingResourceType) edit(withResourceType(current.collection, pendingResourceType));
    setPendingResourceType(null);
  };

  /** Runs `action`, which replaces the form, at once or after the user agrees to lose unsaved edits. */
  const discardingEdits = (action: () => void) => {
    if (isDirty && !isUnsavedWarningDisabled()) setPendingDiscard(() => action);
    else action();
  };

  const confirmDiscard = () => {
    pendingDiscard?.();
    setPendingDiscard(null);
  };

  const isBusy = open.isPending || saveMutation.isPending || run.isPending;

  const startNew = () => {
    startEditing(emptyCollection());
    focusRequest.current = 'name';
  };

  useSaveShortcut(pageRef, () => {
    if (!current || isBusy) return;
    if (canSave) save(current.collection);
    else showProblems();
  });

  return (
    <div className="studio-page" ref={pageRef}>
      <h1 className="ui-visually-hidden">Studio</h1>
      <CollectionToolbar
        collections={listed ?? []}
        selectedId={selectedId}
        onSelect={setSelectedId}
        canSave={canSave}
        isBusy={isBusy}
        problemCount={problemCount}
        onShowProblems={showProblems}
        onOpen={() => selectedId && discardingEdits(() => open.mutate(selectedId))}
        onSave={() => current && save(current.collection)}
        onRun={requestRun}
        onNew={() => discardingEdits(startNew)}
        toolbarExtras={toolbarExtras?.(current && isOnServer ? { id: current.collection.id, name: current.collection.testSuiteName } : null)}
      />
      {waitsToSync && <SavedOfflineBadge />}
      {current && isOnServer && flowHistory && <div className="studio-panel studio-history">{flowHistory(current.collection.id)}</div>}
      {current ? (
        <div className="studio-editor">
          <FlowConfigurationPanel
            collection={current.collection}
            onChange={edit}
            onResourceTypeChange={changeResourceType}
            touched={touched}
            onTouch={(field) => setTouched((previous) => new Set(previous).add(field))}
            serverErrors={serverErrors}
            resources={resources}
            nameInputRef={nameInputRef}
          />
          <StepFeedbackContext value={stepFeedback.feedback}>
            <FlowEditor collection={current.collection} onChange={edit} flowExtra={flowQuarantine} />
          </StepFeedbackContext>
        </div>
      ) : (
        <p className="studio-empty">Open a collection, or start a new one.</p>
      )}
      <ConfirmDialog
        isOpen={pendingResourceType !== null}
        message={STUDIO_MESSAGES.resourceTypeChange}
        onConfirm={confirmResourceType}
        onCancel={() => setPendingResourceType(null)}
        onDismiss={() => setPendingResourceType(null)}
      />
      {/* Mounted per question, so 'Do not show this message again' starts unticked each time. */}
      {pendingDiscard && <UnsavedChangesDialog isOpen onConfirm={confirmDiscard} onCancel={() => setPendingDiscard(null)} />}
      <RunChoiceDialog isOpen={runChoiceFor !== null} canSave={canSave} onSaveAndRun={saveAndRun} onRunSaved={runSaved} onCancel={() => setRunChoiceFor(null)} />
    </div>
  );
}
