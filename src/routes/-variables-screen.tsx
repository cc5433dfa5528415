import { useQueryClient } from '@tanstack/react-query';
import { controlRoomKeys } from '../features/control-room/api/control-room-keys';
import { ManageVariables } from '../features/variables/components/ManageVariables';
import { ManageVariablesPage } from '../features/variables/pages/ManageVariablesPage';

/** A change refreshes the Control Room's variable choices too (features do not import each other). */
function useRefreshControlRoomVariables(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: controlRoomKeys.variables() });
}

/** The page /studio/variables. */
export function VariablesScreen() {
  return <ManageVariablesPage onVariablesChanged={useRefreshControlRoomVariables()} />;
}

/** The content of the settings menu's Manage Variables modal (the shell's header shows it in its dialog). */
export function VariablesPopupContent() {
  return <ManageVariables onVariablesChanged={useRefreshControlRoomVariables()} />;
}
