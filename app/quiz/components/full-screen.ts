/**
 * Full screen for the quiz, asked for on the player's own click (browsers refuse it otherwise).
 * Where it is refused or missing (iPhones), the game goes on the same in the page.
 */
export function enterFullScreen() {
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== "function") return;
  root.requestFullscreen().catch(() => {});
}

export function leaveFullScreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
}
