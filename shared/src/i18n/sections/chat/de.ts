import type { Leaves } from '../../section';
import type { chat as en } from './en';

export const chat: Leaves<typeof en> = {
  serviceUnread: 'Kundenservice, {{count}} ungelesen',
  messages: 'Nachrichten',
  you: 'Sie',
  agent: 'Kundenservice',
  today: 'Heute',
  yesterday: 'Gestern',
  empty: 'Noch keine Nachrichten',
  emptyBody: 'Schreiben Sie uns, ein Mitarbeiter antwortet hier.',
  input: 'Nachricht',
  placeholder: 'Nachricht eingeben',
  send: 'Senden',
  sendFailed: 'Nachricht konnte nicht gesendet werden',
  loadFailed: 'Nachrichten konnten nicht geladen werden',
  earlier: 'Frühere Nachrichten anzeigen',
  remaining: 'Noch {{count}} Zeichen',
};
