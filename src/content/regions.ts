// Regions of a file as VS Code folds them and VitePress includes them (`<!-- #region name -->` … `<!-- #endregion -->`,
// `// #region name` in code…): read by includes (includes.ts) and code snippets (snippets.ts).

/** A region's start and end markers in one comment syntax: the start's name must be the region's; an end names it or nothing. */
export interface RegionMarker {
  start: RegExp;
  end: RegExp;
}

export const REGION_MARKERS: RegionMarker[] = [
  { start: /^<!--\s*#?region\b\s*(.*?)\s*-->$/, end: /^<!--\s*#?endregion\b\s*(.*?)\s*-->$/ },
  { start: /^\/\/\s*#?region\b\s*(.*?)$/, end: /^\/\/\s*#?endregion\b\s*(.*?)$/ },
  { start: /^\/\*\s*#region\b\s*(.*?)\s*\*\/$/, end: /^\/\*\s*#endregion\b\s*(.*?)\s*\*\/$/ },
  { start: /^#[rR]egion\b\s*(.*?)$/, end: /^#[eE]nd ?[rR]egion\b\s*(.*?)$/ },
  { start: /^#\s*#region\b\s*(.*?)$/, end: /^#\s*#endregion\b\s*(.*?)$/ },
  { start: /^#pragma\s+region\b\s*(.*?)$/, end: /^#pragma\s+endregion\b\s*(.*?)$/ },
];

/** A region found: its lines (0-based, start inclusive, end exclusive) and the syntax of its markers. */
export interface Region {
  start: number;
  end: number;
  marker: RegionMarker;
}

/** The lines inside the region `name`, nested ones of its name counted; null when none starts; `unended` at its start when none ends it. */
export function findRegion(lines: string[], name: string): Region | { unended: number } | null {
  for (let i = 0; i < lines.length; i++) {
    const marker = REGION_MARKERS.find((m) => m.start.exec(lines[i]!.trim())?.[1] === name);
    if (!marker) continue;
    let depth = 1;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!.trim();
      if (marker.start.exec(line)?.[1] === name) depth++;
      const end = marker.end.exec(line)?.[1];
      if ((end === name || end === '') && --depth === 0) return { start: i + 1, end: j, marker };
    }
    return { unended: i };
  }
  return null;
}

/** The names of the regions a file's lines start, each once (for a hint). */
export function regionNames(lines: string[]): string[] {
  return [...new Set(lines.flatMap((line) => REGION_MARKERS.map((m) => m.start.exec(line.trim())?.[1]).filter((name): name is string => !!name)))];
}
