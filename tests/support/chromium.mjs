import { existsSync } from "node:fs";

// The system Chromium and its switches, for the browser tests and the benchmarks alike: never a downloaded browser
// (stack notes §13), nothing that phones home or updates itself during a run.
//
// Debian's headless shell (package chromium-headless-shell, built from the same chromium sources, the same engine
// Playwright itself runs headless) when it is installed, else the full browser: without the full browser's UI layer
// the suite's browser phase took 17 % less time (decision 047). CHROMIUM_PATH chooses another binary.
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
export const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(SYSTEM_HEADLESS_SHELL) ? SYSTEM_HEADLESS_SHELL : SYSTEM_CHROMIUM);

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
