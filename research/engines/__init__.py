"""Research engines: anthropic (Claude tool use), extractive (no model), scripted (replays)."""

from research.engines.base import Engine, EngineFailed, EngineRefused, Limits, Submission


def engine_for(run, toolbox, limits: Limits | None = None) -> Engine:
    """The engine named by run.engine, bound to the run and its toolbox.

    Raises EngineRefused for an engine name we do not know.
    """
    if run.engine == "extractive":
        from research.engines.extractive import ExtractiveEngine as cls
    elif run.engine == "scripted":
        from research.engines.scripted import ScriptedEngine as cls
    elif run.engine == "anthropic":
        from research.engines.anthropic import AnthropicEngine as cls
    else:
        raise EngineRefused(f"there is no engine {run.engine!r}; use anthropic, extractive or scripted")
    return cls(run, toolbox, limits)


__all__ = ["Engine", "EngineFailed", "EngineRefused", "Limits", "Submission", "engine_for"]
