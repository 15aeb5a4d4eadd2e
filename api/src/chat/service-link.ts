/** The setting that says where the app's customer-service icons lead. */
export const SERVICE_LINK_SETTING = 'customer_service_link';

/** A link the service icons may lead to: an internal route (one leading /) or an https URL. */
export function isServiceLink(link: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(link)) return true;
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}
