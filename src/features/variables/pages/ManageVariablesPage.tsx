import { ManageVariables, type ManageVariablesProps } from '../components/ManageVariables';
import { VARIABLES_TEXT } from '../variable-messages';

export type ManageVariablesPageProps = ManageVariablesProps;

/** The page /studio/variables, for direct links; the settings menu opens the same content as a modal. */
export function ManageVariablesPage(props: ManageVariablesPageProps) {
  return (
    <section className="variables-page" aria-label={VARIABLES_TEXT.title}>
      <ManageVariables {...props} />
    </section>
  );
}
