/**
 * The demo subset's file names (the corpus README's demo-normas.txt), kept here too so that `corpus:fetch` can
 * download them for a deployment that has no copy of the shared corpus.
 */
export const DEMO_NORM_FILES = [
  'CON-1993.md',
  'DLEG-295-1984.md',
  'DLEG-CIVIL-2-1984.md',
  'DLEG-PENAL-1991.md',
  'DLEG-768-1993.md',
  'DLEG-PROCESAL-PENAL-2004.md',
  'DLEG-PROCESAL-PENAL-2-2004.md',
  'LEY-29571-2010.md',
  'DS-003-97-TR-1997.md',
  'DS-004-2019-JUS-TUO-27444-2019.md',
  'LEY-29733-2011.md',
  'DS-133-2013-EF-CODIGO-TRIBUTARIO-2013.md',
  'LEY-27337-2000.md',
  'LEY-31307-2021.md',
  'LEY-29497-2010.md',
]

/** Where `corpus:fetch` downloads norms from unless told otherwise: the legalize-pe repository's raw files. */
export const DEFAULT_FETCH_BASE_URL =
  'https://raw.githubusercontent.com/crafter-research/legalize-pe/main/pe/'
