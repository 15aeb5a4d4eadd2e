import { formatDate, numberLocale, type ChatMessage } from '@invest/shared';

export interface ChatDay {
  /** The local calendar day, YYYY-MM-DD. */
  key: string;
  /** Today, Yesterday or the date, in the user's language. */
  label: string;
  messages: ChatMessage[];
}

const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Messages (oldest first) grouped by the user's local day, each day named as the separator shows it. */
export function groupByDay(messages: readonly ChatMessage[], now: Date, names: { today: string; yesterday: string }): ChatDay[] {
  const today = dayKey(now);
  const yesterday = dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const days: ChatDay[] = [];
  for (const m of messages) {
    const key = dayKey(new Date(m.created_at));
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: key === today ? names.today : key === yesterday ? names.yesterday : formatDate(m.created_at), messages: [] };
      days.push(day);
    }
    day.messages.push(m);
  }
  return days;
}

/** A message's time of day, 14:03, in the user's language. */
export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat(numberLocale(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}
