/**
 * An earlier page of this app in the tab's history. The Navigation API lists only the same-origin entries before
 * this one, so a page reached from a search result or a shared link has none; without that API, any entry counts.
 */
function hasInAppHistory(): boolean {
  const navigation = (window as { navigation?: { canGoBack: boolean } }).navigation;
  return navigation ? navigation.canGoBack : window.history.length > 1;
}

/**
 * Back, as the header arrow, swipe-back and the hardware button all do: to the previous page of the app, or home
 * when the app was opened on this page (never out of the app). single-spa reroutes every app on replaceState.
 */
export function goBack(): void {
  if (hasInAppHistory()) window.history.back();
  else window.history.replaceState(null, '', '/');
}
