/**
 * The element's side of the reactive-controller contract, for testing a controller alone: a host
 * that counts the updates asked of it and is an event target (controllers emit the element's events).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type FakeControllerHost = ReactiveControllerHost & EventTarget & { readonly controllers: ReactiveController[]; updates: number };

export function fakeControllerHost(): FakeControllerHost {
  const controllers: ReactiveController[] = [];
  const host = Object.assign(new EventTarget(), {
    controllers,
    updates: 0,
    addController: (c: ReactiveController) => void controllers.push(c),
    removeController: (c: ReactiveController) => void controllers.splice(controllers.indexOf(c), 1),
    requestUpdate: () => void host.updates++,
    updateComplete: Promise.resolve(true),
  });
  return host;
}
