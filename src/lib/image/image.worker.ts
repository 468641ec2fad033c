/** The image worker's entry (a module Worker started by worker-client.ts): each request to work.ts, its reply back. */
import { handleRequest } from "./work";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

type WorkerScope = {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  void handleRequest(event.data).then((reply) => {
    if (reply) scope.postMessage(reply);
  });
};
