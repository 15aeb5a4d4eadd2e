import type { Leaves } from '../../section';
import type { chat as en } from './en';

export const chat: Leaves<typeof en> = {
  serviceUnread: 'Atención al cliente, {{count}} sin leer',
  messages: 'Mensajes',
  you: 'Usted',
  agent: 'Atención al cliente',
  today: 'Hoy',
  yesterday: 'Ayer',
  empty: 'Aún no hay mensajes',
  emptyBody: 'Escríbanos y un agente le responderá aquí.',
  input: 'Mensaje',
  placeholder: 'Escriba un mensaje',
  send: 'Enviar',
  sendFailed: 'No se pudo enviar el mensaje',
  loadFailed: 'No se pudieron cargar los mensajes',
  earlier: 'Ver mensajes anteriores',
  remaining: 'Quedan {{count}} caracteres',
};
