/** Texts of the customer-service chat (mf-account) and the service icons' badge. */
export const chat = {
  serviceUnread: 'Customer service, {{count}} unread',
  messages: 'Messages',
  you: 'You',
  agent: 'Customer service',
  today: 'Today',
  yesterday: 'Yesterday',
  empty: 'No messages yet',
  emptyBody: 'Write to us and an agent will answer here.',
  input: 'Message',
  placeholder: 'Type a message',
  send: 'Send',
  sendFailed: 'Failed to send message',
  loadFailed: 'Failed to load messages',
  earlier: 'Show earlier messages',
  remaining: '{{count}} characters left',
};
