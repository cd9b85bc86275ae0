"""The scoring track's spaces: the one table to edit for a different board (R14).

Each row is (space, dialect name, standard name). The first row is the Dabbscheedel
end, the last the goal; totals beyond either end are kept exactly, the disc stays on
the end space.
"""

TRACK_SPACES: tuple[tuple[int, str, str], ...] = (
    (-15, "Dabbscheedel", "a not particularly clever person"),
    (0, "Start", "Start"),
    (2, "Därgem", "Bad Dürkheim"),
    (5, "Frangedaal", "Frankenthal"),
    (7, "Neischdadt", "Neustadt a. d. Weinstraße"),
    (10, "Kärchem", "Kirchheimbolanden"),
    (12, "Lautre", "Kaiserslautern"),
    (15, "Kuhsel", "Kusel"),
    (17, "Landaach", "Landau"),
    (20, "Ludwigshaafe", "Ludwigshafen"),
    (22, "Bärmesens", "Pirmasens"),
    (25, "Schbeier", "Speyer"),
    (27, "Zweebrigge", "Zweibrücken"),
    (30, "Rhoi", "Rhein"),
)
