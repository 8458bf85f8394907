"""Time and background tasks on the page's event loop (MicroPython asyncio)."""

import asyncio

import js

_tasks = set()


def now():
    """Milliseconds (``performance.now()``)."""
    return js.performance.now()


async def sleep_ms(ms):
    if ms > 0:
        await asyncio.sleep(ms / 1000)


def spawn(coro):
    """Run a coroutine in the background, keeping a reference until it ends; log what it raises."""
    holder = []

    async def run():
        try:
            await coro
        except Exception as error:
            js.console.error("spades page:", str(error))
        finally:
            if holder:
                _tasks.discard(holder[0])

    task = asyncio.create_task(run())
    holder.append(task)
    _tasks.add(task)
    return task
