/** The shell command that triggers a bot; single quotes keep the shell from expanding anything inside. */
export function curlExample(triggerUrl: string, intent: string, secret: string): string {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const body = JSON.stringify({ intent });
  return [
    `curl -X POST ${quote(triggerUrl)}`,
    `  -H ${quote(`Authorization: Bearer ${secret}`)}`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${quote(body)}`,
  ].join(' \\\n');
}
