/** Only same-app paths: a login link must not send the analyst to another site. */
export function safeRedirect(target: string | null | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : '/';
}
