"""On PYTHONPATH of a sekmet under test: its Subscription engine delivers synchronously (its
own `sync` switch, for tests), so the handshake is POSTed inside the request that writes the
Subscription, before that request is answered. A server that does so must still get the
listener's answer, through nginx, while the listener waits on that write. Each handshake's
thread is appended to $SEKMET_HANDSHAKE_THREADS, so the test sees it was not sekmet's pool's."""
import os
import threading

import sekmet.subscriptions.engine as engine

_init = engine.SubscriptionEngine.__init__
_handshake = engine.SubscriptionEngine._handshake


def _synchronous(self, ctx):
    _init(self, ctx)
    self.sync = True


def _noted_handshake(self, sub):
    with open(os.environ["SEKMET_HANDSHAKE_THREADS"], "a") as threads:
        threads.write(threading.current_thread().name + "\n")
    return _handshake(self, sub)


engine.SubscriptionEngine.__init__ = _synchronous
engine.SubscriptionEngine._handshake = _noted_handshake
