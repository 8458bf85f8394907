"""The guest boundary's queue: messages from the host, checked one at a time, in the order they came.

A guest renders only what its own engine worker checked (op ``guest_check``, spades/table/guest.py): every message
from the host goes through :class:`Inbox`, which asks ``check`` about it and hands on the checked copy, or drops
and counts it.  Checking is asynchronous, so a message never overtakes the one before it: one drain runs at a
time and takes the queue in order.  Pure (no ``js``, no ``pyscript``): tests/page runs it with a fake check.
"""


class Inbox:
    """Ordered, checked delivery.

    ``check(message)`` is awaited and answers ``(checked, None)`` or ``(None, reason)``; ``deliver(checked)`` gets
    each checked copy; ``drop(message, reason, dropped)`` is told of each dropped one with the running count.
    """

    def __init__(self, check, deliver, drop):
        self.check = check
        self.deliver = deliver
        self.drop = drop
        self.queue = []  # messages waiting for their turn
        self.busy = False  # a drain is running
        self.dropped = 0  # messages dropped so far

    def add(self, message):
        """Queue ``message``; ``True`` when the caller must start :meth:`drain` (none is running)."""
        self.queue.append(message)
        return not self.busy

    def refuse(self, message, reason):
        """Drop ``message`` without checking it (count it, tell ``drop``)."""
        self.dropped += 1
        self.drop(message, reason, self.dropped)

    async def drain(self):
        """Check and deliver the queued messages in order, until the queue is empty."""
        if self.busy:
            return
        self.busy = True
        try:
            while self.queue:
                message = self.queue.pop(0)
                checked, reason = await self.check(message)
                if checked is None:
                    self.refuse(message, reason)
                else:
                    self.deliver(checked)
        finally:
            self.busy = False

    def clear(self):
        """Forget what is still waiting (the page left the table)."""
        del self.queue[:]
