/**
 * Name pools for the demo district's staff, drawn from names common in central Massachusetts
 * (Irish, Italian, French-Canadian, Portuguese, Polish, Greek, Puerto Rican and Dominican,
 * Vietnamese, Chinese, Indian, Albanian and Anglo families). Picked by the seeded generator.
 */

// Whitespace-separated, one pool per template literal: 250 names stay readable in a few lines.
const pool = (text: string): string[] => text.trim().split(/\s+/);

export const FIRST_NAMES = pool(`
  Abigail Adam Aidan Alexandra Alicia Amanda Amy Ana Andrea Andrew Angela Anh Anthony Arjun Ashley
  Benjamin Brendan Brian Bridget Caitlin Carla Carlos Carolyn Catherine Charles Christina Christopher
  Colleen Daniel David Deborah Denise Diane Dominic Donna Elena Elizabeth Emily Eric Erin Francis
  Gabriela Gregory Hannah Heather Isabel Jacqueline James Janet Jason Jennifer Jessica Joana John Jose
  Joseph Joshua Julie Karen Katelyn Kathleen Kevin Kimberly Krista Laura Lauren Leah Linda Lisa Lucas
  Luis Maeve Margaret Mark Marisol Matthew Megan Melissa Michael Michelle Min Monica Nancy Nathan
  Nicole Nikolas Olivia Patricia Patrick Paul Priya Rachel Rebecca Renee Richard Robert Rosa Ryan
  Samantha Sara Sean Shannon Sophia Stephanie Stephen Susan Tara Thanh Theresa Thomas Timothy Valerie
  Vanessa Victoria Wei William Xavier Yesenia Zachary Zoe
`);

export const LAST_NAMES = pool(`
  Almeida Anderson Antonelli Barrett Beaulieu Bergeron Bouchard Boyle Brennan Brooks Burke Cabral
  Callahan Carey Carvalho Chen Cloutier Collins Connolly Costa Cote Cronin Cruz Cummings DaSilva
  Delgado DeMarco Desrosiers Dion Doherty Donovan Duarte Dubois Duffy Dwyer Fagan Farrell Ferreira
  Fitzgerald Flaherty Flynn Fontaine Gallagher Gagnon Garcia Giordano Goldberg Gomes Gonzalez Grady
  Greene Guerrero Harrington Hayes Healey Hernandez Hogan Houle Hurley Iyer Jablonski Jordan Kaplan
  Kavanagh Kelleher Kennedy Kowalski Lachance Lambert Landry Lavoie Leblanc Lee Leonard Lopes Lynch
  MacDonald Madden Malone Marchetti Martins McCarthy McGrath McLaughlin Medeiros Mendes Moreau
  Moriarty Morin Murphy Nguyen Nowak Ouellette Pacheco Papadopoulos Patel Pelletier Pereira Perez
  Petrakis Phan Pimentel Quinn Raposo Reilly Rivera Romano Rossi Russo Ryan Santos Shea Silva Souza
  Sullivan Sweeney Szymanski Thibodeau Tran Tremblay Vieira Walsh Wang Whalen Wojcik Wong Xhafa Zhang
  Zielinski Zukas
`);
