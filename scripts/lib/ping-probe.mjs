// Page-side code of the benchmarks (imported by their harness pages through sourceImport): a
// MessageChannel ping-pong on the page's main thread; stop() gives the longest gap between two pings,
// the page's longest task meanwhile. (PerformanceObserver "longtask" would say the same, but headless
// Chromium does not always report them.)
export function pingProbe() {
  const channel = new MessageChannel();
  let last = performance.now();
  let longestGap = 0;
  let running = true;
  channel.port1.onmessage = () => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    if (running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  return () => {
    running = false;
    channel.port1.close();
    return longestGap;
  };
}
