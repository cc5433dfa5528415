import { UnsavedChangesGuard } from '../features/shell/components/UnsavedChangesGuard';
import { StudioPage } from '../features/studio/pages/StudioPage';
import { useStudioDirty } from '../features/studio/studio-dirty';

/** The Studio with the unsaved-changes guard, mounted only while the form holds unsaved edits. */
export function StudioScreen() {
  const isDirty = useStudioDirty();
  return (
    <>
      <StudioPage />
      {isDirty && <UnsavedChangesGuard />}
    </>
  );
}
