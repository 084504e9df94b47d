/**
 * A fixed number of slots for costly work, handed out first come first served: database connections
 * (db.server.ts) and memory-hard password hashes (password.server.ts). A caller waits its turn for at most `waitMs`;
 * with `maxWaiting`, a caller past that many waiting is refused at once, so a flood is answered "busy" in
 * milliseconds instead of queueing for longer than anyone waits.
 */
export class SlotQueue {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(
    size: number,
    private readonly refusal: { timedOut: string; full?: string; maxWaiting?: number },
  ) {
    this.free = size;
  }

  /** Resolves with the slot's release (safe to call twice) once a slot is free; fails after `waitMs` or when full. */
  acquire(waitMs: number): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let released = false;
      const grant = () => {
        clearTimeout(timer);
        resolve(() => {
          if (released) return;
          released = true;
          const next = this.waiting.shift();
          if (next) next();
          else this.free++;
        });
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      if (this.free > 0) {
        this.free--;
        grant();
        return;
      }
      const { maxWaiting, full, timedOut } = this.refusal;
      if (maxWaiting !== undefined && this.waiting.length >= maxWaiting) {
        reject(new Error(full ?? timedOut));
        return;
      }
      this.waiting.push(grant);
      if (waitMs > 0)
        timer = setTimeout(() => {
          const index = this.waiting.indexOf(grant);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new Error(timedOut));
        }, waitMs);
    });
  }

  /** Runs `work` in a slot, releasing it however the work ends. */
  async run<T>(waitMs: number, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(waitMs);
    try {
      return await work();
    } finally {
      release();
    }
  }
}
