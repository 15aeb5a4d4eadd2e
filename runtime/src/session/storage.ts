/** localStorage that never throws (private mode, quota, disabled storage) and parses JSON safely. */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage full or disabled: the session lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
  getJson<T>(key: string, guard: (v: unknown) => v is T): T | null {
    const raw = this.get(key);
    if (raw === null) return null;
    try {
      const value: unknown = JSON.parse(raw);
      return guard(value) ? value : null;
    } catch {
      return null;
    }
  },
};
